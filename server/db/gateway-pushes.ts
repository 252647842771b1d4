import { canPushDb } from '../../schema/shared/databases';
import type { User } from '../../schema/shared/user';
import { isCouch, TooFewCopies, writeDocs } from './claim';
import type { DbPushRule, PushedDoc, PushRule, PushVerdict, StoredDoc } from './push-rule';
import { StorageBusy, type Storage } from './storage';
import { rev } from './gateway-calls';
import { log } from '../ops/log';
import { countPush } from '../ops/metrics';

// Pushes to /db: each document judged by its database's rule, refusals answered as conflicts, the rest written.

/** Each pushable database's rule, by name (server/books.ts). */
export type PushRules = Readonly<Record<string, DbPushRule>>;

const idPattern = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;

/** The checks every database shares: a plain document with a usable id and revision and no special fields. */
const pushShape = (raw: unknown): { ok: true; doc: PushedDoc; rev?: string } | { ok: false; id: string; reason: string } => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, id: '', reason: 'Документ должен быть объектом' };
  const { _id, _rev, _deleted, ...rest } = raw as Record<string, unknown>;
  const id = typeof _id === 'string' ? _id.slice(0, 200) : '';
  if (typeof _id !== 'string' || !idPattern.test(_id)) return { ok: false, id, reason: 'Недопустимый идентификатор документа' };
  if (_rev !== undefined && !rev.safeParse(_rev).success) return { ok: false, id, reason: 'Неверная ревизия документа' };
  if (_deleted !== undefined && typeof _deleted !== 'boolean') return { ok: false, id, reason: 'Неверная отметка удаления' };
  if (Object.keys(rest).some((k) => k.startsWith('_'))) return { ok: false, id, reason: 'Служебные поля документа не принимаются' };
  return { ok: true, doc: { _id, ...rest, ...(_deleted ? { _deleted: true as const } : {}) }, rev: _rev as string | undefined };
};

type Row = { ok: true; id: string; rev: string } | { id: string; error: 'conflict'; reason: string; rejected?: true };

const refusedRow = (id: string, reason: string): Row => ({ id, error: 'conflict', reason, rejected: true });

/** A written document's row, with nothing of PouchDB's error object (it carries a stack with server paths). */
const writtenRow = (id: string, result: PouchDB.Core.Response | PouchDB.Core.Error): Row =>
  'ok' in result && result.ok ? { ok: true, id, rev: result.rev }
  : (result as PouchDB.Core.Error).status === 409 ? { id, error: 'conflict', reason: 'Документ уже изменён на сервере' }
  : refusedRow(id, 'Документ не удалось сохранить');

/**
 * Writes the batch; should PouchDB fail it as a whole, each document is written alone so one cannot sink the rest.
 * On CouchDB a cluster answers `_bulk_docs` 202 with every row ok when some copies refused a document (a device
 * that pushed from the same revision through another app server), so the device would drop an edit that lost:
 * there the batch is judged by `writeDocs` (server/db/claim.ts), and a lost document is answered as a conflict;
 * the device reads the server's version and resolves it.
 */
const writeAll = async (db: PouchDB.Database, docs: (Record<string, unknown> & { _id: string; _rev?: string })[]): Promise<(PouchDB.Core.Response | PouchDB.Core.Error)[]> => {
  if (isCouch(db)) {
    // CouchDB out of reach, or a document that reached too few copies, fails the push as a whole with 503, which
    // the device sends again; refusing its documents instead would make the device drop new ones.
    const outcomes = await writeDocs(db, docs, { quorum: true }).catch((e: unknown) => {
      if (e instanceof TooFewCopies) throw e;
      log.error({ err: e }, 'push to CouchDB failed');
      throw new StorageBusy();
    });
    return outcomes.map((w, i) => (!w ? { status: 500, error: true } : w.won ? { ok: true, id: docs[i]._id, rev: w.rev } : { status: 409, error: true }));
  }
  try {
    return await db.bulkDocs(docs);
  } catch (e) {
    log.error({ err: e }, 'bulkDocs failed as a whole; writing one by one');
    return Promise.all(
      docs.map((d) =>
        db.bulkDocs([d]).then(
          ([r]) => r,
          () => ({ status: 500, error: true }) as PouchDB.Core.Error,
        ),
      ),
    );
  }
};

/** The batch's rows, counted for /metrics: written, refused by the rules (`rejected`), or lost to another write. */
const counted = (name: string, rows: Row[]): Row[] => {
  const refused = rows.filter((r) => 'rejected' in r && r.rejected).length;
  const written = rows.filter((r) => 'ok' in r).length;
  countPush(name, { written, refused, conflict: rows.length - written - refused });
  return rows;
};

/**
 * Each pushed document gets its own verdict: the database's rule (validation, ownership, stamping) against the stored
 * document. Refused ones are answered as conflicts, never as errors: RxDB would retry an errored batch forever.
 * It then reads the server's version (see conflictsRead) and its conflict handler reverts or drops the local copy.
 * `rejected` and `reason` let the client tell the user why.
 */
export const pushDocs = async (storage: Storage, rules: PushRules, name: string, user: User | null, raw: unknown[], mark?: number): Promise<Row[]> => {
  const shaped = raw.map(pushShape);
  const rule = Object.hasOwn(rules, name) ? rules[name] : null;
  const why = !canPushDb(user, name) || !user ? 'Недостаточно прав для изменения этих данных' : !rule ? 'Эта база не принимает изменения' : null;
  if (why || !user || !rule) return counted(name, shaped.map((s) => refusedRow(s.ok ? s.doc._id : s.id, why ?? '')));

  const db = storage.db(name);
  // Only a document pushed over a revision is read first: one pushed without `_rev` can be stored only where no live
  // document has its id (else the write is a conflict whatever its verdict), so it is judged as new, and read only if
  // it then turns out not to be (`againstStored`). RxDB pushes without `_rev` what the server held nothing of a moment
  // ago, so a batch of new documents costs one write, no read.
  const stored = await storedOf(db, shaped.flatMap((s) => (s.ok && s.rev ? [s.doc._id] : [])));
  const judge = await rule.judge(db, user, shaped.flatMap((s) => (s.ok ? [s.doc] : [])), mark);
  const verdicts = shaped.map((s): Verdict => {
    if (!s.ok) return { id: s.id, verdict: { ok: false, reason: s.reason } };
    return { id: s.doc._id, doc: s.doc, verdict: judged(name, judge, user, s.doc, stored.get(s.doc._id) ?? null), rev: s.rev };
  });
  // Refused documents the rule ends are stored as tombstones first, so a document of this batch that waits on one
  // (an order command following a refused one) finds it ended when its own write wakes the server. A tombstone already
  // there, or a live document under a new one's id, answers a conflict, which changes nothing: the row stays refused.
  const ended = verdicts.flatMap((v) => (!v.verdict.ok && v.verdict.end && !stored.has(v.id) ? [{ _id: v.id, _deleted: true }] : []));
  const endedRows = ended.length ? await writeAll(db, ended) : [];
  const accepted = verdicts.flatMap((v) => (v.verdict.ok ? [{ ...v.verdict.doc, _id: v.id, ...(v.rev ? { _rev: v.rev } : {}) }] : []));
  const written = accepted.length ? await writeAll(db, accepted) : [];
  // The documents the write stored, each with the revision it got.
  const kept = accepted.flatMap((doc, i) => {
    const w = written[i];
    return 'ok' in w && w.ok ? [{ doc, rev: w.rev }] : [];
  });
  if (kept.length && rule.wrote) {
    try {
      rule.wrote(kept.map(({ doc, rev }) => ({ ...doc, _rev: rev })));
    } catch (e) {
      log.error({ err: e }, `noting a push's revisions in ${name}`);
    }
  }
  // What follows from the stored documents is the server's own doing: a failure there is logged, the push stands.
  if (kept.length && rule.stored) await rule.stored(user, kept.map(({ doc }) => doc)).catch((e: unknown) => log.error({ err: e }, `after a push to ${name}`));
  let w = 0;
  const rows = verdicts.map((v) => (v.verdict.ok ? writtenRow(v.id, written[w++]) : refusedRow(v.id, v.verdict.reason)));
  // A new document refused, or not written, may have met a live one under its id: it is answered as if judged against
  // that one, as a document pushed over a revision is (refused by the rule, or else a conflict).
  const endedLost = new Set(ended.filter((_, i) => !('ok' in endedRows[i] && endedRows[i].ok)).map((d) => d._id));
  const doubtful = verdicts.flatMap((v, i) => (v.doc && !v.rev && (!v.verdict.ok ? !v.verdict.end || endedLost.has(v.id) : !('ok' in rows[i])) ? [i] : []));
  return counted(name, doubtful.length ? await againstStored(db, rule, name, user, verdicts, rows, doubtful) : rows);
};

type Verdict = { id: string; verdict: PushVerdict; doc?: PushedDoc; rev?: string };

/** The live stored documents of `ids`, without `_rev`; a tombstone or nothing is absent. */
const storedOf = async (db: PouchDB.Database, ids: string[]): Promise<Map<string, StoredDoc>> => {
  const stored = new Map<string, StoredDoc>();
  if (!ids.length) return stored;
  for (const row of (await db.allDocs({ keys: ids, include_docs: true })).rows) {
    if ('doc' in row && row.doc) {
      const { _rev, ...doc } = row.doc as unknown as StoredDoc & { _rev?: string };
      stored.set(row.key, doc);
    }
  }
  return stored;
};

/** One document's verdict by the batch's rule; a rule that throws refuses the document, never the batch. */
const judged = (name: string, judge: PushRule, user: User, doc: PushedDoc, existing: StoredDoc | null): PushVerdict => {
  try {
    return judge(user, doc, existing);
  } catch (e) {
    log.error({ err: e }, `push rule of ${name} failed on ${doc._id}`);
    return { ok: false, reason: 'Документ не удалось проверить' };
  }
};

/**
 * The rows of new documents that met a live stored one (`doubtful`: refused as new, or not written): judged again,
 * as a batch of their own (a rule's batch state starts afresh), against what is stored, their row is that refusal, or
 * else a conflict (nothing new is written over a live document). Those that met no live document keep their row.
 */
const againstStored = async (db: PouchDB.Database, rule: DbPushRule, name: string, user: User, verdicts: Verdict[], rows: Row[], doubtful: number[]): Promise<Row[]> => {
  const stored = await storedOf(db, doubtful.map((i) => verdicts[i].id));
  const met = doubtful.flatMap((i) => {
    const { doc } = verdicts[i];
    const existing = doc && stored.get(doc._id);
    return doc && existing ? [{ i, doc, existing }] : [];
  });
  if (!met.length) return rows;
  const judge = await rule.judge(db, user, met.map((m) => m.doc));
  const again = new Map(met.map((m) => [m.i, judged(name, judge, user, m.doc, m.existing)]));
  return rows.map((row, i) => {
    const verdict = again.get(i);
    return !verdict ? row : verdict.ok ? { id: row.id, error: 'conflict', reason: 'Документ уже изменён на сервере' } : refusedRow(row.id, verdict.reason);
  });
};
