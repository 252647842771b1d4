import { z } from 'zod';
import { pushBatchOf } from '../../schema/shared/databases';
import { kilobytes } from '../http/body-limit';

// What a /db call is and what it accepts: anything else is a 404 or a 400, never a 500 from deep inside PouchDB.

type Call = 'info' | 'changes' | 'all_docs' | 'bulk_docs' | 'doc';

/** The only calls RxDB's CouchDB replication makes (and a document read). Everything else is closed. */
export const classify = (method: string, rest: string): Call | null => {
  if (method !== 'GET' && method !== 'POST') return null;
  if (rest === '') return method === 'GET' ? 'info' : null;
  if (rest === '_changes') return 'changes';
  if (rest === '_all_docs') return 'all_docs';
  if (rest === '_bulk_docs') return method === 'POST' ? 'bulk_docs' : null;
  return method === 'GET' && !rest.startsWith('_') && !rest.includes('/') ? 'doc' : null;
};

/**
 * The largest body each call takes. A push is at most 200 events (the client's batch) of a few kilobytes;
 * key lists are at most 1000 ids. Other calls take no body: a stray one is read no further than 1 KB
 * (so a closed call still answers 404).
 */
const bodyLimits: Partial<Record<Call, number>> = { bulk_docs: kilobytes(2048), all_docs: kilobytes(64), changes: kilobytes(64) };

/** Office pushes may carry photos (schema/shared/databases.ts `pushBatchOf`): a full batch of them fits. */
const officeBulkLimit = kilobytes(1600) * pushBatchOf('office') + kilobytes(512);

export const dbPath = /^\/([a-z][a-z0-9-]{0,60})\/?(.*)$/;

/** The body limit of a /db request (its path relative to /db), for server/http/body-limit.ts. */
export const dbBodyLimit = (method: string, path: string): number => {
  const match = dbPath.exec(path);
  const call = match && classify(method, match[2]);
  if (call === 'bulk_docs' && method === 'POST' && match?.[1] === 'office') return officeBulkLimit;
  return (call && method === 'POST' && bodyLimits[call]) || kilobytes(1);
};

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const count = (max: number) => z.string().regex(/^\d{1,9}$/, 'Ожидается целое число').transform(Number).pipe(z.number().max(max, `Не больше ${max}`));
const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .max(70_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Ожидается JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
const docId = z.string().min(1).max(200);
export const rev = z.string().regex(/^[1-9]\d{0,9}-[0-9a-f]{1,64}$/, 'Неверная ревизия');
const keyList = z.array(docId).max(1000, 'Не больше 1000 ключей');
const seq = z.string().max(1000).regex(/^(now|\d+(-[A-Za-z0-9_-]+)?)$/, 'Неверный номер изменения');

const changesQuery = z.strictObject({
  feed: z.enum(['normal', 'longpoll'], 'Поддерживаются только feed=normal и feed=longpoll').optional(),
  since: seq.optional(),
  limit: count(1000).optional(),
  include_docs: flag.optional(),
  style: z.enum(['all_docs', 'main_only']).optional(),
  heartbeat: z.union([count(3_600_000), z.literal('true')]).optional(),
  timeout: count(3_600_000).optional(),
  seq_interval: count(100_000).optional(),
  descending: flag.optional(),
  conflicts: flag.optional(),
});
export const changesBody = z.strictObject({ doc_ids: keyList.optional() });

const allDocsQuery = z.strictObject({
  keys: json(keyList).optional(),
  key: json(docId).optional(),
  startkey: json(z.string().max(200)).optional(),
  endkey: json(z.string().max(200)).optional(),
  start_key: json(z.string().max(200)).optional(),
  end_key: json(z.string().max(200)).optional(),
  include_docs: flag.optional(),
  conflicts: flag.optional(),
  descending: flag.optional(),
  inclusive_end: flag.optional(),
  update_seq: flag.optional(),
  limit: count(10_000).optional(),
  skip: count(100_000).optional(),
});
const allDocsBody = z.strictObject({
  keys: keyList.optional(),
  include_docs: z.boolean().optional(),
  conflicts: z.boolean().optional(),
  deleted: z.literal('ok').optional(),
});

const docQuery = z.strictObject({
  rev: rev.optional(),
  revs: flag.optional(),
  revs_info: flag.optional(),
  conflicts: flag.optional(),
  deleted_conflicts: flag.optional(),
  latest: flag.optional(),
  local_seq: flag.optional(),
  open_revs: z.union([z.literal('all'), json(z.array(rev).min(1).max(100))]).optional(),
});

export const queryOf: Partial<Record<Call, z.ZodType>> = { changes: changesQuery, all_docs: allDocsQuery, doc: docQuery, info: z.strictObject({}), bulk_docs: z.strictObject({}) };
export const bodyOf: Partial<Record<Call, z.ZodType>> = { changes: changesBody, all_docs: allDocsBody };

export type ChangesQuery = z.infer<typeof changesQuery>;
