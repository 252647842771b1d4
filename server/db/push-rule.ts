import type { User } from '../../schema/shared/user';

/** A document as a device pushes it through `_bulk_docs`: `_id`, the fields, and `_deleted` for a deletion. */
export interface PushedDoc {
  _id: string;
  _deleted?: true;
  [field: string]: unknown;
}

/** The stored document the push would replace, without `_rev`; null when there is none (or only a tombstone). */
export type StoredDoc = { _id: string } & Record<string, unknown>;

/**
 * What the server stores instead of what was pushed (stamped, stripped), or why it refuses it. A refusal may `end`
 * the document: when nothing is stored under its id, a tombstone is, so every server (and every device, which drops
 * its refused copy) agrees it will never come — a refused order command, which a later one may follow
 * (server/records/ended-commands.ts).
 */
export type PushVerdict = { ok: true; doc: Record<string, unknown> } | { ok: false; reason: string; end?: true; invalid?: true };

/**
 * One database's rule for pushed documents: validation, ownership and stamping in one function, called once per
 * document with the signed-in user. The gateway has already checked the database-level write right, the `_id` and
 * `_rev`; it keeps `_id` and `_rev` itself, so `doc` is the body to store. A refusal reaches the device as a
 * conflict with `reason` (Russian), and the rest of the batch is stored.
 */
export type PushRule = (user: User, incoming: PushedDoc, existing: StoredDoc | null) => PushVerdict;

/**
 * What the gateway asks of a database first, once per pushed batch: the rule for each of its documents, made from
 * what that needs beyond the document (e.g. what the pusher already has waiting in the database). It may throw
 * StorageBusy (server/db/storage.ts) to have the whole push sent again later: 503, which the device retries.
 */
export type BatchPushRule = (db: PouchDB.Database, user: User, docs: readonly PushedDoc[], mark?: number) => Promise<PushRule>;

/**
 * What a database does with pushed batches: `judge` each document before anything is stored, and, once the accepted
 * ones are stored, what follows from them (`stored`: a server's companion of a finished count, its own figures of a
 * closed shift), so a refused document is followed by nothing.
 */
export interface DbPushRule {
  judge: BatchPushRule;
  /**
   * Called the moment a push to the database arrives, before its session and body are read; what it answers reaches
   * `judge` as `mark` (the office: a catch-up of the process's copies sent at once, server/stock/stock-projection.ts).
   */
  arrive?(): number;
  /**
   * Told at once, before anything else, which documents the write stored and under which revision (what the device is
   * answered): the office's catch-ups then need not read these documents' bodies back (stock-projection.ts `wrote`).
   */
  wrote?(docs: readonly (PushedDoc & { _rev: string })[]): void;
  stored?(user: User, docs: readonly PushedDoc[]): Promise<void>;
}

/** A rule that needs nothing beyond each document. */
export const perDocument = (rule: PushRule): DbPushRule => ({ judge: () => Promise.resolve(rule) });

export const refuse = (reason: string): PushVerdict => ({ ok: false, reason });
/** A refusal of what the document says (its data, its day) rather than of who sends it: /api answers it 400, not 403. */
export const refuseInvalid = (reason: string): PushVerdict => ({ ok: false, reason, invalid: true });

/** What a deletion stores: a tombstone carries no data. */
export const tombstone = (): Record<string, unknown> => ({ _deleted: true });
