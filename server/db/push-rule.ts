import type { User } from '../../schema/user';

/** A document as a device pushes it through `_bulk_docs`: `_id`, the fields, and `_deleted` for a deletion. */
export interface PushedDoc {
  _id: string;
  _deleted?: true;
  [field: string]: unknown;
}

/** The stored document the push would replace, without `_rev`; null when there is none (or only a tombstone). */
export type StoredDoc = { _id: string } & Record<string, unknown>;

/** What the server stores instead of what was pushed (stamped, stripped), or why it refuses it. */
export type PushVerdict = { ok: true; doc: Record<string, unknown> } | { ok: false; reason: string };

/**
 * One database's rule for pushed documents: validation, ownership and stamping in one function, called once per
 * document with the signed-in user. The gateway has already checked the database-level write right, the `_id` and
 * `_rev`; it keeps `_id` and `_rev` itself, so `doc` is the body to store. A refusal reaches the device as a
 * conflict with `reason` (Russian), and the rest of the batch is stored.
 */
export type PushRule = (user: User, incoming: PushedDoc, existing: StoredDoc | null) => PushVerdict;

export const refuse = (reason: string): PushVerdict => ({ ok: false, reason });

/** What a deletion stores: a tombstone carries no data. */
export const tombstone = (): Record<string, unknown> => ({ _deleted: true });
