import crypto from 'node:crypto';
import { z } from 'zod';
import { BadArchive } from './backup-archive';

/**
 * The second CouchDB's copy sealed with BACKUP_KEY (issue 31: «nothing personal leaves the archive unprotected»).
 * Every leaf of every document (the winner, conflict branches, tombstones) is one document in the target: its id is an
 * HMAC of the real id (ids hold phones: `users`, `favourites`…), its revision and history are the real ones (so the
 * next night sends only new revisions and the target's tree matches the shop's), and its body is `sealed`, the whole
 * leaf as JSON (attachments inline) under AES-256-GCM with its own IV. A database's copy is named by an HMAC of its
 * name (a customer's database is `orders-{phone}`). The key is stretched by scrypt with a fixed salt: names must come
 * out the same every night. Without the key the copy says nothing but how many documents and revisions there are.
 */
const u8 = (bytes: ArrayLike<number>): Uint8Array => Uint8Array.from(bytes);
const ivBytes = 12;
const tagBytes = 16;

export interface Sealer {
  /** The target's name for a shop database, or the target's id for a document id. */
  name(plain: string): string;
  seal(value: unknown): string;
  /** Throws BadArchive when the key is not the one the copy was sealed with, or the copy was altered. */
  open(sealed: string): unknown;
}

export const sealer = (secret: string): Sealer => {
  const key = u8(crypto.scryptSync(secret, 'flower-shop couch backup', 64));
  const aes = key.subarray(0, 32);
  const mac = key.subarray(32);
  return {
    name: (plain) => crypto.createHmac('sha256', mac).update(plain).digest('hex').slice(0, 40),
    seal(value) {
      const iv = u8(crypto.randomBytes(ivBytes));
      const cipher = crypto.createCipheriv('aes-256-gcm', aes, iv);
      const body = [u8(cipher.update(JSON.stringify(value), 'utf8')), u8(cipher.final()), u8(cipher.getAuthTag())];
      return Buffer.concat([iv, ...body]).toString('base64');
    },
    open(sealed) {
      const bytes = u8(Buffer.from(sealed, 'base64'));
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', aes, bytes.subarray(0, ivBytes));
        decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
        const plain = Buffer.concat([u8(decipher.update(bytes.subarray(ivBytes, bytes.length - tagBytes))), u8(decipher.final())]);
        return JSON.parse(plain.toString('utf8')) as unknown;
      } catch {
        throw new BadArchive('Копия в резервной CouchDB зашифрована другим ключом или повреждена: проверьте BACKUP_KEY');
      }
    },
  };
};

/** A leaf as PouchDB reads it with its history. */
const leaf = z.looseObject({
  _id: z.string(),
  _rev: z.string(),
  _deleted: z.boolean().optional(),
  _revisions: z.object({ start: z.number().int(), ids: z.array(z.string()) }).optional(),
});
type Leaf = z.infer<typeof leaf>;

/** A leaf as the target stores it. */
const sealedDoc = z.object({ _id: z.string(), _rev: z.string(), sealed: z.string() });
/** A leaf as the shop stores it, from its sealed body. */
const openedLeaf = z.looseObject({ _id: z.string(), _rev: z.string() });

const batch = 200;

/** Every live and deleted leaf of the documents changed since `since`, in batches: `take` gets each batch. */
const leavesSince = async (db: PouchDB.Database, since: number | string, take: (leaves: Leaf[]) => Promise<void>): Promise<number | string> => {
  let last = since;
  for (;;) {
    const { results, last_seq } = await db.changes({ since: last, limit: batch, batch_size: batch, style: 'all_docs' });
    if (!results.length) return last;
    // Every leaf the feed names (winner, branches, tombstone), read in one call with its history and attachments.
    const { results: read } = await db.bulkGet({ docs: results.flatMap((r) => r.changes.map((c) => ({ id: r.id, rev: c.rev }))), revs: true, attachments: true });
    const leaves = read.flatMap((r) => r.docs.flatMap((d) => ('ok' in d ? [leaf.parse(d.ok)] : [])));
    await take(leaves);
    last = last_seq;
  }
};

const written = (answers: (PouchDB.Core.Response | PouchDB.Core.Error)[], name: string) => {
  const failed = answers.find((a) => 'error' in a && a.error);
  if (failed) throw new Error(`база ${name}: документ не записан (${JSON.stringify(failed)})`);
};

/** Sends one database's leaves changed since `since` into its sealed copy; answers the sequence it reached. */
export const copySealed = async (source: PouchDB.Database, copy: PouchDB.Database, s: Sealer, since: number | string, name: string): Promise<number | string> =>
  leavesSince(source, since, async (leaves) => {
    const docs = leaves.map((l) => ({
      _id: s.name(l._id),
      _rev: l._rev,
      ...(l._revisions ? { _revisions: l._revisions } : {}),
      ...(l._deleted ? { _deleted: true } : {}),
      sealed: s.seal(l),
    }));
    written(await copy.bulkDocs(docs, { new_edits: false }), name);
  });

/** Puts one sealed copy's leaves back as the shop stored them (revisions, branches and tombstones kept). */
export const restoreSealed = async (copy: PouchDB.Database, into: PouchDB.Database, s: Sealer, name: string): Promise<void> => {
  await leavesSince(copy, 0, async (leaves) => {
    const docs = leaves.map((l) => {
      const stored = sealedDoc.safeParse(l);
      if (!stored.success) throw new BadArchive(`Копия базы ${name} в резервной CouchDB не зашифрована или повреждена`);
      const opened = openedLeaf.safeParse(s.open(stored.data.sealed));
      if (!opened.success || opened.data._rev !== stored.data._rev) throw new BadArchive(`Копия базы ${name} в резервной CouchDB повреждена`);
      return opened.data;
    });
    written(await into.bulkDocs(docs, { new_edits: false }), name);
  });
};

/** The sealed part of the manifest: the real databases and how far each copy went. */
export const sealedManifest = z.object({
  databases: z.array(z.object({ name: z.string(), seq: z.union([z.string(), z.number()]), docs: z.number().int().min(0) })),
  since: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type SealedManifest = z.infer<typeof sealedManifest>;
