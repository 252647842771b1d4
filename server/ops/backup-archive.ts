import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { z } from 'zod';

/**
 * One backup is one file: JSON lines, gzipped, and with a key encrypted by AES-256-GCM (the key stretched by scrypt
 * with a salt of the archive's own). The lines are each database's name, then its documents as stored (revisions and
 * conflict branches, attachments inline), and last the manifest: what the archive holds and the SHA-256 of every line
 * before it. An archive cut short has no manifest, and a changed one fails its checksum or its GCM tag: either is
 * refused before anything is written.
 */
const magic = Buffer.from('FSBK1');
const saltBytes = 16;
const ivBytes = 12;
const tagBytes = 16;

export const archivedDatabase = z.strictObject({ name: z.string().min(1), docs: z.number().int().min(0), seq: z.union([z.string(), z.number()]) });
export const archiveManifest = z.strictObject({
  kind: z.literal('manifest'),
  format: z.literal(1),
  /**
   * The shop it was taken from (its identity document), so an archive from another shop is told apart. Optional: an
   * archive written before the field existed is still restorable; it is only not told apart.
   */
  shop: z.string().min(1).optional(),
  createdAt: z.string(),
  databases: z.array(archivedDatabase),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchiveManifest = z.infer<typeof archiveManifest>;

const storedDoc = z.looseObject({ _id: z.string().min(1), _rev: z.string().min(1) });
export type StoredDoc = z.infer<typeof storedDoc>;
const archiveLine = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('db'), name: z.string().min(1) }),
  z.strictObject({ kind: z.literal('doc'), db: z.string().min(1), doc: storedDoc }),
]);

/** A backup that cannot be used, with the reason in Russian for the person running it. */
export class BadArchive extends Error {}

/** Node's Buffers as the plain byte arrays its crypto and zlib typings take. */
const u8 = (bytes: ArrayLike<number>): Uint8Array => Uint8Array.from(bytes);
const joined = (parts: ArrayLike<number>[]): Uint8Array => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
  return all;
};
const keyOf = (secret: string, salt: Uint8Array) => u8(crypto.scryptSync(secret, u8(salt), 32));
const magicBytes = u8(magic);
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Collects an archive's lines; `finish` seals it with its manifest and answers the file's bytes. */
export const archiveWriter = () => {
  const lines: string[] = [];
  const hash = crypto.createHash('sha256');
  const add = (line: z.infer<typeof archiveLine>) => {
    const text = JSON.stringify(line);
    hash.update(text).update('\n');
    lines.push(text);
  };
  return {
    database: (name: string) => add({ kind: 'db', name }),
    doc: (db: string, doc: StoredDoc) => add({ kind: 'doc', db, doc }),
    finish(manifest: Omit<ArchiveManifest, 'kind' | 'format' | 'sha256'>, key?: string): Uint8Array {
      const sealed: ArchiveManifest = { kind: 'manifest', format: 1, ...manifest, sha256: hash.digest('hex') };
      const zipped = u8(zlib.gzipSync(u8(Buffer.from([...lines, JSON.stringify(sealed)].join('\n') + '\n'))));
      if (!key) return zipped;
      const salt = u8(crypto.randomBytes(saltBytes));
      const iv = u8(crypto.randomBytes(ivBytes));
      const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(key, salt), iv);
      return joined([magicBytes, salt, iv, cipher.update(zipped), cipher.final(), cipher.getAuthTag()]);
    },
  };
};

export interface ReadArchive {
  manifest: ArchiveManifest;
  /** Documents by database, in the archive's order. */
  databases: Map<string, StoredDoc[]>;
}

const plainBytes = (bytes: Uint8Array, key?: string): Uint8Array => {
  if (!sameBytes(bytes.subarray(0, magic.length), magicBytes)) {
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new BadArchive('Это не резервная копия магазина');
    return bytes;
  }
  if (!key) throw new BadArchive('Копия зашифрована: задайте ключ BACKUP_KEY, которым она сделана');
  if (bytes.length < magic.length + saltBytes + ivBytes + tagBytes) throw new BadArchive('Копия обрезана');
  const salt = bytes.subarray(magic.length, magic.length + saltBytes);
  const iv = bytes.subarray(magic.length + saltBytes, magic.length + saltBytes + ivBytes);
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(key, salt), iv);
  decipher.setAuthTag(bytes.subarray(bytes.length - tagBytes));
  try {
    return joined([decipher.update(bytes.subarray(magic.length + saltBytes + ivBytes, bytes.length - tagBytes)), decipher.final()]);
  } catch {
    throw new BadArchive('Копия повреждена или ключ BACKUP_KEY не тот');
  }
};

/** Reads and checks a whole archive: nothing of it is trusted until its manifest and checksum are. */
export const readArchive = async (file: string, key?: string): Promise<ReadArchive> => {
  let text: string;
  try {
    text = zlib.gunzipSync(plainBytes(u8(await fs.readFile(file)), key)).toString('utf8');
  } catch (e) {
    if (e instanceof BadArchive) throw e;
    throw new BadArchive(`Копия не читается (обрезана или повреждена): ${e instanceof Error ? e.message : String(e)}`);
  }
  const lines = text.split('\n').filter(Boolean);
  const last = archiveManifest.safeParse(JSON.parse(lines.pop() ?? 'null'));
  if (!last.success) throw new BadArchive('В копии нет описи: она обрезана');
  const hash = crypto.createHash('sha256');
  const databases = new Map<string, StoredDoc[]>();
  for (const text of lines) {
    hash.update(text).update('\n');
    const line = archiveLine.safeParse(JSON.parse(text));
    if (!line.success) throw new BadArchive('Копия повреждена: непонятная строка');
    if (line.data.kind === 'db') databases.set(line.data.name, []);
    else {
      const docs = databases.get(line.data.db);
      if (!docs) throw new BadArchive('Копия повреждена: документ вне базы');
      docs.push(line.data.doc);
    }
  }
  if (hash.digest('hex') !== last.data.sha256) throw new BadArchive('Копия повреждена: контрольная сумма не сходится');
  for (const db of last.data.databases) {
    const ids = new Set(databases.get(db.name)?.map((d) => d._id));
    if (ids.size !== db.docs) throw new BadArchive(`Копия повреждена: в базе ${db.name} не хватает документов`);
  }
  return { manifest: last.data, databases };
};
