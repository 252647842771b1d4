import crypto from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { countQuorumRefusal } from '../ops/metrics';

/**
 * Writes that must have one winner, on the embedded store and on a CouchDB cluster alike.
 *
 * A cluster (n copies, w of them needed) answers a write 201 when w copies took it, 409 when a copy refused it,
 * and 202 when some took it and others refused it: two writers from the same revision can then both hear
 * "success" from PouchDB, whose http adapter reports 202 as 201. Only one writer can reach w copies (any two
 * sets of w copies share one), so a write counts as won on 201. A 202 counts as lost (see `settleAccepted` for
 * the one exception) and is tried again like a 409; the branch it left is ended by a tombstone (`dropLeaf`), by its
 * writer for a new document, by the 201 writer it lost to for an update (`endRivals`).
 */

/** Where each CouchDB database lives, with its credentials: PouchDB's http adapter keeps the address to itself. */
const couchAddresses = new WeakMap<PouchDB.Database, string>();

/** Databases known to exist on CouchDB. */
const created = new WeakSet<PouchDB.Database>();

/** Whether the database is on CouchDB (where a write may leave a branch), not the embedded store. */
export const isCouch = (db: PouchDB.Database) => couchAddresses.has(db);

/** Called by the storage for every database it opens on CouchDB. */
export const registerCouchDatabase = (db: PouchDB.Database, url: string) => couchAddresses.set(db, url);

type Body = Record<string, unknown> & { _id: string; _rev?: string };
/**
 * `quorum`: the write is on enough copies that no rival from the same revision can also stand: always on the
 * embedded store, on 201 on CouchDB. A 202 counted won because its leaf stood alone has one only if every copy
 * answered (the 202 was a race, over now); else a copy that did not answer (a node down or cut off) may take a
 * rival's write meanwhile.
 */
export type WriteOutcome = { won: true; rev: string; quorum: boolean } | { won: false; short?: true };

/**
 * `short`: the lost write was answered 202 (some copies took it, too few), no rival's write was seen beside it, and
 * some copy's node is away: not a race but a cluster that cannot reach a quorum (most copies down), which answers
 * every write so. A writer that tried on (the next place, the next number) wrote without end; one task takes this
 * many in a row, then gives up with `TooFewCopies`. A race's lost write, or a 202 now and then, never adds up to it.
 */
const shortWritesTaken = 5;

/** A task gave up on writes that too few copies took: 503, and the device sends it again later. */
export class TooFewCopies extends HttpError {
  constructor() {
    super(503, 'База данных сейчас отвечает не полностью — попробуйте ещё раз через минуту');
    countQuorumRefusal();
  }
}

/** Counts one task's writes lost as `short` in a row and throws `TooFewCopies` at `shortWritesTaken`; answers each outcome. */
export const shortWrites = () => {
  let inARow = 0;
  return <W extends WriteOutcome>(written: W): W => {
    inARow = !written.won && written.short ? inARow + 1 : 0;
    if (inARow >= shortWritesTaken) throw new TooFewCopies();
    return written;
  };
};

/** Node's fetch refuses addresses with credentials: they become a header, and never reach a message. */
export const couchRequest = (url: string) => {
  const address = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (address.username || address.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(address.username)}:${decodeURIComponent(address.password)}`).toString('base64')}`;
    address.username = '';
    address.password = '';
  }
  return { href: address.href, headers };
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Tries of one PUT whose connection failed (a kept-alive socket the server had just closed, a reset). */
const networkTries = 3;

/**
 * One PUT straight to CouchDB, so that its status is seen. A connection that failed is tried again: if the first
 * PUT did reach CouchDB, the second is a 409 and the write counts as lost, which costs a gap (a number, a place)
 * or a re-read, never a second winner.
 */
const couchPut = async (dbUrl: string, doc: Body): Promise<{ status: number; rev?: string }> => {
  const { href, headers } = couchRequest(`${withSlash(dbUrl)}${encodeURIComponent(doc._id)}`);
  const answer = await triedAgain(`write of ${doc._id}`, () => fetch(href, { method: 'PUT', headers, body: JSON.stringify(doc) }));
  const body = (await answer.json().catch(() => ({}))) as { rev?: string };
  return { status: answer.status, rev: body.rev };
};

/** A request to CouchDB, sent again when its connection failed (`networkTries` in all). */
const triedAgain = async (what: string, send: () => Promise<Response>): Promise<Response> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (e) {
      if (attempt < networkTries) {
        await pause(50 * attempt);
        continue;
      }
      // The message names the document; the address and its credentials are never in it. The code tells the error
      // handler the store is out of reach (503, server/http/errors.ts).
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw Object.assign(new Error(`CouchDB ${what} failed: ${(e as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`), { code: cause?.code });
    }
  }
};

/** The revision a tombstone of `rev` gets: the same for every writer that removes the same leaf. */
const tombstoneOf = (rev: string) => {
  const [gen, hash] = rev.split('-');
  const next = crypto.createHash('md5').update(`dropped:${rev}`).digest('hex');
  return { _rev: `${Number(gen) + 1}-${next}`, _revisions: { start: Number(gen) + 1, ids: [next, hash] } };
};

/**
 * Ends the branch whose leaf is `rev`: a tombstone written as replication writes (`new_edits: false`), which every
 * copy takes, whatever else it holds. Other branches of the document are left as they are.
 */
export const dropLeaf = async (db: PouchDB.Database, id: string, rev: string): Promise<void> => {
  await db.bulkDocs([{ _id: id, _deleted: true, ...tombstoneOf(rev) }], { new_edits: false });
};

/** `GET /_membership`: the nodes this CouchDB node is connected to, itself included. */
const membership = z.object({ all_nodes: z.array(z.string()) });
/** `GET /{db}/_shards/{id}`: the nodes that hold the document's copies. */
const docShard = z.object({ nodes: z.array(z.string()).min(1) });

const couchJson = async <T>(url: string, shape: z.ZodType<T>): Promise<T | null> => {
  const { href, headers } = couchRequest(url);
  const answer = await fetch(href, { headers }).catch(() => null);
  if (!answer?.ok) return null;
  const parsed = shape.safeParse(await answer.json().catch(() => null));
  return parsed.success ? parsed.data : null;
};

/**
 * Whether every node holding a copy of the document is connected to the node we write through. A cluster answers
 * 202 either because a copy refused the write (it held a rival's: a race, to be tried again) or because a copy did
 * not answer (too few copies: a node down or cut off). Every copy answers when all its nodes are connected (a
 * request that outlives CouchDB's minute of `request_timeout` aside), so then a 202 is a race, whether or not its
 * rival's leaf is still there to be seen (a racer that also heard 202 ends its own). Two small reads, made only for
 * a 202 that shows no rival; anything unexpected (no answer, not a cluster) counts as too few copies.
 */
const allCopiesAnswer = async (db: PouchDB.Database, id: string): Promise<boolean> => {
  const url = withSlash(couchAddresses.get(db) ?? '');
  const [nodes, shard] = await Promise.all([couchJson(new URL('..', url).href + '_membership', membership), couchJson(`${url}_shards/${encodeURIComponent(id)}`, docShard)]);
  return !!nodes && !!shard && shard.nodes.every((n) => nodes.all_nodes.includes(n));
};

/** The pause after a race that left no rival to be seen (each racer heard 202 and ended its leaf): the next try spreads out. */
const afterRace = () => pause(10 + Math.random() * 90);

type Leaf = { rev: string; parent: string | undefined };

/** CouchDB's order of live leaves: the longer branch first, then the greater revision id. Its first is the winner. */
const byRank = (a: Leaf, b: Leaf) => {
  const [genA, idA] = a.rev.split('-');
  const [genB, idB] = b.rev.split('-');
  return Number(genB) - Number(genA) || (idA < idB ? 1 : idA > idB ? -1 : 0);
};

const openRevs = z.array(z.object({ ok: z.object({ _rev: z.string(), _deleted: z.boolean().optional(), _revisions: z.object({ start: z.number(), ids: z.array(z.string()) }).optional() }).optional() }));

/**
 * The live leaves of a document, CouchDB's winner first, each with the revision it was written over. Read with
 * `open_revs=all`, which a cluster answers with the leaves of every copy that replied, so a quorum read sees a write
 * that a quorum took (a read of the document alone answers with one copy's winner and its conflicts). `everyCopy`
 * (a 202 writer judging its own write): read with r = 3, which waits for every copy that answers, so a leaf that one
 * copy alone holds is seen too; a copy whose node is away answers at once as absent, so this costs no wait there.
 */
const liveLeaves = async (db: PouchDB.Database, id: string, everyCopy = false): Promise<Leaf[]> => {
  const url = couchAddresses.get(db);
  let found: z.infer<typeof openRevs>;
  if (everyCopy && url) {
    const { href, headers } = couchRequest(`${withSlash(url)}${encodeURIComponent(id)}?open_revs=all&revs=true&r=3`);
    const answer = await triedAgain(`read of ${id}`, () => fetch(href, { headers }));
    if (answer.status === 404) return [];
    if (!answer.ok) throw Object.assign(new Error(`CouchDB answered ${answer.status} to a read of ${id}`), { status: answer.status });
    found = openRevs.parse(await answer.json());
  } else found = openRevs.parse(await db.get(id, { open_revs: 'all', revs: true }).catch(() => []));
  const leaves = found.flatMap(({ ok }) => {
    if (!ok || ok._deleted) return [];
    const { start, ids } = ok._revisions ?? { start: 0, ids: [] };
    return [{ rev: ok._rev, parent: ids.length > 1 ? `${start - 1}-${ids[1]}` : undefined }];
  });
  return leaves.sort(byRank);
};

/** How long a 202 writer that sees no rival reads again for its own leaf before it counts as lost. */
const unseenMs = 2000;
/**
 * How long a 202 writer whose leaf ranks first waits for lower-ranked 202 writers to end theirs: longer than one
 * waiting for a copy keeps its leaf (`unseenMs`), so what is left beside it is a leaf whose writer has finished, a won
 * write it then copies. Stepping aside sooner left its lost leaf as CouchDB's winner, and the branches' resolution
 * (docs.ts `upsert`) kept it and ended the won one: a writer told «done» lost its change (seen in a test run).
 */
const stepAsideMs = unseenMs + 500;
/** A 202 writer that finds its leaf alone reads again this many times, this far apart, before it counts as won. */
const aloneChecks = 3;
const aloneCheckMs = 40;

/** Continues the branch whose leaf is `rev` with the body of the leaf `other`: both branches then say the same. */
const replaceLeaf = async (db: PouchDB.Database, id: string, rev: string, other: string): Promise<void> => {
  const { _id, _rev, _conflicts, _revisions, ...body } = (await db.get(id, { rev: other })) as Record<string, unknown>;
  const [gen, hash] = rev.split('-');
  const next = replacedBy(rev, other).split('-')[1];
  await db.bulkDocs([{ ...body, _id: id, _rev: `${Number(gen) + 1}-${next}`, _revisions: { start: Number(gen) + 1, ids: [next, hash] } }], { new_edits: false });
};

/** The revision `replaceLeaf(rev, other)` writes: the same for every writer, so the sibling copied can look for it. */
const replacedBy = (rev: string, other: string) => `${Number(rev.split('-')[0]) + 1}-${crypto.createHash('md5').update(`replaced:${rev}:${other}`).digest('hex')}`;

/**
 * A 202 leaf whose only rival is CouchDB's winner, a sibling: that leaf's writer, seeing the same two, copies this
 * leaf's content onto its branch and ends this one (`settleAccepted`), so this write is the one that stays and is
 * told so (a device kept its edit, the other device is told of the conflict). It waits for that copy as long as an
 * unseen leaf waits; should its leaf be ended without the copy (the winner was a 201 writer's, which ends its rivals),
 * or no copy come, it lost, and a leaf still standing ends itself.
 */
const awaitCopy = async (db: PouchDB.Database, id: string, rev: string, winner: string): Promise<WriteOutcome> => {
  const copy = replacedBy(winner, rev);
  for (let started = Date.now(), seen = false; Date.now() - started < unseenMs; await pause(25)) {
    const leaves = await liveLeaves(db, id, true);
    if (leaves.some((l) => l.rev === copy)) return { won: true, rev: copy, quorum: await allCopiesAnswer(db, id) };
    const mine = leaves.some((l) => l.rev === rev);
    if (seen && !mine) return { won: false };
    seen ||= mine;
  }
  await dropLeaf(db, id, rev);
  return { won: false };
};

/**
 * A 202 lost with no rival to be seen: with every copy answering it was a race whose racers all heard 202 and ended
 * their leaves (or a 201 writer ended this one), so it is tried again after a short pause; else too few copies took
 * it (`short`), which its caller counts towards giving up (`shortWrites`).
 */
const lostUnseen = async (db: PouchDB.Database, id: string): Promise<WriteOutcome> => {
  if (!(await allCopiesAnswer(db, id))) return { won: false, short: true };
  await afterRace();
  return { won: false };
};

/**
 * A 202: some copies took the write. A new document's leaf is taken out (a place nobody won is free again).
 * An update's is judged by the live leaves a quorum read finds beside its own, which it knows whether or not the read
 * shows it yet (on a real cluster it may sit on one copy, unseen, and still become CouchDB's winner later: seen
 * leaving a device's lost edit as the document's content), never so that the document loses its last one:
 * - alone in every read of a short while, no writer raced it: it stands;
 * - beside others, not CouchDB's winner: it is taken out (the winner is not, by its writer or anyone), lost; but
 *   beside the winner alone, a sibling, it waits for that leaf's writer to copy it (below): then it won (`awaitCopy`),
 *   as it has when it finds that copy already made;
 * - CouchDB's winner beside one sibling (a leaf written over the same revision): it cannot be taken out (that leaf's
 *   writer may be taking its own out at the same moment), so it takes the sibling's content as its own, one
 *   generation on, and then ends the sibling, whose content it now holds; lost. Only a sibling's: a leaf on
 *   another branch need not hold what this one was written over, so copying it could drop a write that won;
 * - CouchDB's winner beside several leaves, or beside a leaf of another branch: it waits for the lower ones (`stepAsideMs`)
 *   to go, then counts as lost and stays; whoever later finds it as a branch resolves it (docs.ts `upsert`);
 * - no rival seen and its own leaf not seen for a while: lost, likewise.
 * Reads here wait for every copy that answers (r = 3). A write that stands (alone, or copied) has a quorum only when
 * every copy answered; a write lost with no rival seen is `short` only when some did not (`lostUnseen`).
 * A write counted lost is tried again by its caller from what the store then holds; the shop's changes are
 * idempotent (keyed facts, states set, conditions re-checked), so a lost write whose content stayed is not
 * applied twice. `judgeCreate`: a new document is judged by its leaves like an update instead of taken out, for a
 * 202 that may not be its own (`writeDocs`).
 */
const settleAccepted = async (db: PouchDB.Database, doc: Body, rev: string, judgeCreate = false): Promise<WriteOutcome> => {
  if (!doc._rev && !judgeCreate) {
    const rivals = (await liveLeaves(db, doc._id, true)).some((l) => l.rev !== rev);
    await dropLeaf(db, doc._id, rev);
    if (rivals) return { won: false };
    return lostUnseen(db, doc._id);
  }
  // Known without reading it back: a quorum read may not show this leaf yet (it may sit on one copy only).
  const mine: Leaf = { rev, parent: doc._rev };
  for (let started = Date.now(), alone = 0; ; await pause(alone ? aloneCheckMs : 25)) {
    const leaves = await liveLeaves(db, doc._id, true);
    const seen = leaves.some((l) => l.rev === rev);
    // The revision written over, still a leaf on copies this write has not reached, is no rival.
    const others = leaves.filter((l) => l.rev !== rev && l.rev !== doc._rev);
    // A sibling's writer already copied this leaf onto its branch (and ended this one): this write stands.
    const copy = others.find((l) => l.parent !== undefined && l.rev === replacedBy(l.parent, rev));
    if (copy) return { won: true, rev: copy.rev, quorum: await allCopiesAnswer(db, doc._id) };
    if (!others.length) {
      // Alone on every copy that answered: it has a quorum when every copy answered (the 202 was a race now over).
      if (seen && ++alone >= aloneChecks) return { won: true, rev, quorum: await allCopiesAnswer(db, doc._id) };
      if (!seen && Date.now() - started >= unseenMs) return lostUnseen(db, doc._id);
      continue;
    }
    alone = 0;
    const [first] = [mine, ...others].sort(byRank);
    if (first !== mine) {
      if (others.length === 1 && first.parent === mine.parent) return awaitCopy(db, doc._id, rev, first.rev);
      await dropLeaf(db, doc._id, rev);
      return { won: false };
    }
    if (others.length === 1 && others[0].parent === mine.parent) {
      await replaceLeaf(db, doc._id, rev, others[0].rev);
      // The sibling's content now stands on this branch, one generation on: ending the sibling loses nothing.
      await dropLeaf(db, doc._id, others[0].rev);
      return { won: false };
    }
    if (Date.now() - started >= stepAsideMs) return { won: false };
  }
};

/**
 * After a 201 the writer ends the leaves of the same generation beside its own: they branched from the revision it
 * wrote over, and only one write from one revision can get 201, so they are 202 writers' lost writes. Its own leaf
 * stays, so the document keeps one. Older leftovers are left to `upsert`.
 */
const endRivals = async (db: PouchDB.Database, id: string, rev: string): Promise<void> => {
  const generation = rev.split('-')[0];
  for (const { rev: leaf } of await liveLeaves(db, id)) if (leaf !== rev && leaf.split('-')[0] === generation) await dropLeaf(db, id, leaf);
};

/**
 * What a 201 writer does with leaves of its generation beside its own. `end`: they are ended (a document whose
 * writes each replace the whole keeps the won one). `keep`: they are left for the document's own merge, because
 * on a real cluster a 202 writer's quorum read need not show the 201 write yet, so that writer may have counted
 * its write as won (a lone leaf): ending its leaf would lose a fact it reported done (seen: a placed order's
 * stock hold vanished). A document of facts keeps every branch until it is merged (docs.ts `upsert`).
 */
type Rivals = 'end' | 'keep';

/** PouchDB creates a database on its first use; a write straight to CouchDB would find none. */
const ensureCreated = async (db: PouchDB.Database) => {
  if (created.has(db)) return;
  await db.info();
  created.add(db);
};

/**
 * One page of a database's changes from `since` (`limit` of them, one sequence a page), with their documents or
 * without. On CouchDB straight over HTTP on the process's kept-alive connections, as `writeDocs` writes: PouchDB's
 * HTTP adapter opens a connection and walks a cookie jar for every request, and a push's catch-up sends one or two of
 * these (server/stock/stock-projection.ts). The embedded store reads its own feed.
 */
export const changesPage = async (db: PouchDB.Database, since: string | number, limit: number, docs: boolean): Promise<PouchDB.Core.ChangesResponse<object>> => {
  const url = couchAddresses.get(db);
  if (!url) return db.changes({ since, limit, batch_size: limit, seq_interval: limit, ...(docs ? { include_docs: true } : {}) });
  await ensureCreated(db);
  const query = new URLSearchParams({ since: String(since), limit: String(limit), seq_interval: String(limit), ...(docs ? { include_docs: 'true' } : {}) });
  const { href, headers } = couchRequest(`${withSlash(url)}_changes?${query}`);
  const answer = await fetch(href, { headers });
  if (!answer.ok) throw Object.assign(new Error(`CouchDB answered ${answer.status} to a changes read of ${db.name}`), { status: answer.status });
  return (await answer.json()) as PouchDB.Core.ChangesResponse<object>;
};

/**
 * Writes `doc` (new when it has no `_rev`, else against that revision) and answers whether this writer won it.
 * Errors other than losing are thrown.
 */
export const writeDoc = async (db: PouchDB.Database, doc: Body, rivals: Rivals = 'end'): Promise<WriteOutcome> => {
  const url = couchAddresses.get(db);
  if (!url) {
    try {
      const { rev } = await db.put(doc);
      return { won: true, rev, quorum: true };
    } catch (e) {
      if ((e as { status?: number }).status === 409) return { won: false };
      throw e;
    }
  }
  await ensureCreated(db);
  const { status, rev } = await couchPut(url, doc);
  if (status === 201 && rev) {
    if (rivals === 'end') await endRivals(db, doc._id, rev);
    return { won: true, rev, quorum: true };
  }
  if (status === 409) return { won: false };
  if (status === 202 && rev) return settleAccepted(db, doc, rev);
  throw Object.assign(new Error(`CouchDB answered ${status} to the write of ${doc._id}`), { status });
};

/** Runs `work` on every item, at most `atOnce` at a time, and answers the results in the items' order. */
const eachAtMost = async <T, R>(items: readonly T[], atOnce: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i], i);
    }),
  );
  return results;
};

/** Reads and writes of `writeDocs`' follow-ups made at once: a batch of 200 must not open 200 connections. */
const followUpsAtOnce = 8;

/**
 * Writes many documents to CouchDB, each judged as `writeDoc` would judge it: `null` for one CouchDB failed for
 * another reason than losing (the embedded store needs none of this: its `bulkDocs` rows are the verdicts). They go
 * as one `_bulk_docs`, whose status covers the batch: 201 when every document reached a
 * quorum (rows that are ok won; a 201 update then ends same-generation leaves beside it, as `writeDoc` does), 202
 * when at least one did not, without saying which: then every document written is judged by its leaves as a 202
 * is (`settleAccepted`; a new one too, since its own write may have reached a quorum). The common case costs one
 * request per batch and a read per update.
 * `quorum` (a device's push): a document that stood without a quorum, or was lost to too few copies, fails the batch
 * with `TooFewCopies`, as the record API refuses such a write, so the device keeps what it sent and sends it again;
 * the new documents this batch left standing are ended first (as a lost 202 create is), else the one sent again
 * would meet its own first copy, and a fact would be refused as changed.
 */
export const writeDocs = async (db: PouchDB.Database, docs: Body[], { quorum: needed = false } = {}): Promise<(WriteOutcome | null)[]> => {
  const url = couchAddresses.get(db);
  if (!url) throw new Error(`writeDocs is for a database on CouchDB, not ${db.name}`);
  await ensureCreated(db);
  const { href, headers } = couchRequest(`${withSlash(url)}_bulk_docs`);
  const answer = await fetch(href, { method: 'POST', headers, body: JSON.stringify({ docs }) });
  if (answer.status !== 201 && answer.status !== 202) throw Object.assign(new Error(`CouchDB answered ${answer.status} to a batch of ${docs.length}`), { status: answer.status });
  const rows = (await answer.json()) as { ok?: boolean; id: string; rev?: string; error?: string }[];
  const quorum = answer.status === 201;
  // CouchDB answers the rows in the order of the documents.
  const rowOf = (doc: Body, i: number) => (rows[i]?.id === doc._id ? rows[i] : undefined);
  const outcomes = await eachAtMost(docs, followUpsAtOnce, async (doc, i): Promise<WriteOutcome | null> => {
    const row = rowOf(doc, i);
    if (!row?.ok || !row.rev) return row?.error === 'conflict' ? { won: false } : null;
    if (!quorum) return settleAccepted(db, doc, row.rev, true);
    if (doc._rev) await endRivals(db, doc._id, row.rev);
    return { won: true, rev: row.rev, quorum: true };
  });
  if (!needed || !outcomes.some((w) => w && (w.won ? !w.quorum : w.short))) return outcomes;
  await eachAtMost(docs, followUpsAtOnce, async (doc, i) => {
    const [w, rev] = [outcomes[i], rowOf(doc, i)?.rev];
    if (!doc._rev && rev && w && (w.won ? w.rev === rev : w.short)) await dropLeaf(db, doc._id, rev);
  });
  throw new TooFewCopies();
};

/**
 * First writer wins: creates `id` with `body` if no live document has that id, and answers whether this call
 * created it. Serves every "take it once" of the shop: order numbers, unconfirmed places, sign-in places. A caller
 * that tries one id after another passes one `count` (`shortWrites`) for them all.
 */
export const claim = async (db: PouchDB.Database, id: string, body: object, count = shortWrites()): Promise<boolean> =>
  count(await writeDoc(db, { ...(body as Record<string, unknown>), _id: id })).won;
