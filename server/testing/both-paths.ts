import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import type { AnyEntity } from '../../schema/entities';
import { derivedFields } from '../../schema/shared/record';
import type { z } from 'zod';
import { call } from './test-shop';

/** Who writes a case: the cookie of a signed-in staff member and the phone it signs with. */
export interface Writer {
  cookie: string;
  phone: string;
}

/**
 * One case of the books' rules, run through both write paths: the record API (`/api/{path}/update`) and a device's
 * push to /db/office (a new document as RxDB's replication sends it). `refused`: the reason both must give, the same
 * words on both paths, with nothing stored; undefined: both must store it.
 */
export interface BothPathsCase {
  name: string;
  entity: AnyEntity;
  /** The record's data as the screen sends it; made when the case runs (ids of records made in `beforeAll`). */
  data: () => Record<string, unknown>;
  writer: () => Writer;
  refused?: RegExp;
  /** The record API's status for the refusal, when it is not a 400 (a 403 for who may not). */
  apiStatus?: number;
  /** When the device wrote it (its createdAt/updatedAt), if not now: an offline write arriving later. */
  writtenAt?: () => number;
}

type Row = { id: string; ok?: boolean; error?: string; reason?: string };

/** A new record pushed as a device pushes it: the envelope (schema/shared/record.ts) with `_id`, signed by the writer. */
export const pushNew = async (url: string, entity: AnyEntity, data: Record<string, unknown>, writer: Writer, at = Date.now(), given?: string) => {
  const parsed = entity.fields.safeParse(data);
  // A keyed entity's id is its key, made from its data as the device makes it (`shift-{day}`, a void's `void-{target}`).
  const key = entity.key as { id: (d: unknown) => string } | undefined;
  const id = given ?? (key && parsed.success ? key.id(parsed.data) : `${entity.type}-${crypto.randomUUID()}`);
  const derived = parsed.success ? derivedFields(entity, parsed.data as z.infer<typeof entity.fields>) : { v: entity.version, title: '' };
  const doc = { _id: id, type: entity.type, ...derived, v: entity.version, createdBy: writer.phone, createdAt: at, updatedBy: writer.phone, updatedAt: at, data };
  const res = await fetch(`${url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: writer.cookie }, body: JSON.stringify({ docs: [doc] }) });
  const [row] = (await res.json()) as Row[];
  return { status: res.status, row, id };
};

const storedOffice = async (url: string, id: string, cookie: string) => (await fetch(`${url}/db/office/${encodeURIComponent(id)}`, { headers: { cookie } })).status;

/**
 * Registers one test per case and path. A rule that holds on one path only fails here: both paths must refuse with
 * the same reason, or both store. Only office-tier entities are pushed by devices; admin-tier ones go through /api alone.
 */
export const bothPaths = (url: () => string, cases: readonly BothPathsCase[]) => {
  for (const c of cases) {
    it(`${c.name} — /api/${c.entity.path}/update ${c.refused ? 'refuses' : 'stores'} it`, async () => {
      const answer = await call<{ error?: string; data?: { id: string } }>(url(), `/api/${c.entity.path}/update`, { data: c.data() }, c.writer().cookie);
      if (c.refused) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(c.apiStatus ?? 400);
        expect(answer.body.error).toMatch(c.refused);
      } else expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });
    if (c.entity.tier !== 'office') continue;
    it(`${c.name} — a device's push to /db/office ${c.refused ? 'is refused' : 'is stored'}`, async () => {
      const writer = c.writer();
      const pushed = await pushNew(url(), c.entity, c.data(), writer, c.writtenAt?.());
      if (c.refused) {
        expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ error: 'conflict' });
        expect(pushed.row.reason).toMatch(c.refused);
        expect(await storedOffice(url(), pushed.id, writer.cookie)).toBe(404);
      } else {
        expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
        expect(await storedOffice(url(), pushed.id, writer.cookie)).toBe(200);
      }
    });
  }
};
