import crypto from 'node:crypto';

/**
 * Writes that must have one winner, on the embedded store and on a CouchDB cluster alike.
 *
 * A cluster (n copies, w of them needed) answers a write 201 when w copies took it, 409 when a copy refused it,
 * and 202 when some took it and others refused it: two writers from the same revision can then both hear
 * "success" from PouchDB, whose http adapter reports 202 as 201. Only one writer can reach w copies (any two
 * sets of w copies share one), so a write counts as won only on 201. A 202 is lost: the writer takes its own leaf
 * out again (a tombstone on its branch) so that the branch it left dies, and tries again like after a 409.
 */

/** Where each CouchDB database lives, with its credentials: PouchDB's http adapter keeps the address to itself. */
const couchAddresses = new WeakMap<PouchDB.Database, string>();

/** Called by the storage for every database it opens on CouchDB. */
export const registerCouchDatabase = (db: PouchDB.Database, url: string) => couchAddresses.set(db, url);

type Body = Record<string, unknown> & { _id: string; _rev?: string };
export type WriteOutcome = { won: true; rev: string } | { won: false };

/** Node's fetch refuses addresses with credentials: they become a header, and never reach a message. */
const request = (url: string) => {
  const address = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (address.username || address.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(address.username)}:${decodeURIComponent(address.password)}`).toString('base64')}`;
    address.username = '';
    address.password = '';
  }
  return { href: address.href, headers };
};

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** One PUT straight to CouchDB, so that its status is seen. */
const couchPut = async (dbUrl: string, doc: Body): Promise<{ status: number; rev?: string }> => {
  const { href, headers } = request(`${withSlash(dbUrl)}${encodeURIComponent(doc._id)}`);
  let answer: Response;
  try {
    answer = await fetch(href, { method: 'PUT', headers, body: JSON.stringify(doc) });
  } catch (e) {
    // The message names the address; the credentials were never in it.
    throw new Error(`CouchDB write of ${doc._id} failed: ${(e as Error).message}`);
  }
  const body = (await answer.json().catch(() => ({}))) as { rev?: string };
  return { status: answer.status, rev: body.rev };
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

/**
 * Writes `doc` (new when it has no `_rev`, else against that revision) and answers whether this writer won it.
 * Errors other than losing are thrown.
 */
export const writeDoc = async (db: PouchDB.Database, doc: Body): Promise<WriteOutcome> => {
  const url = couchAddresses.get(db);
  if (!url) {
    try {
      const { rev } = await db.put(doc);
      return { won: true, rev };
    } catch (e) {
      if ((e as { status?: number }).status === 409) return { won: false };
      throw e;
    }
  }
  const { status, rev } = await couchPut(url, doc);
  if (status === 201 && rev) return { won: true, rev };
  if (status === 409) return { won: false };
  if (status === 202 && rev) {
    await dropLeaf(db, doc._id, rev);
    return { won: false };
  }
  throw Object.assign(new Error(`CouchDB answered ${status} to the write of ${doc._id}`), { status });
};

/**
 * First writer wins: creates `id` with `body` if no live document has that id, and answers whether this call
 * created it. Serves every "take it once" of the shop: order numbers, unconfirmed places, sign-in places.
 */
export const claim = async (db: PouchDB.Database, id: string, body: object): Promise<boolean> =>
  (await writeDoc(db, { ...(body as Record<string, unknown>), _id: id })).won;
