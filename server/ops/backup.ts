import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ShopConfig } from '../config';
import type { Storage } from '../db/storage';
import { couchRequest } from '../db/claim';
import { createIfMissing, getDoc } from '../db/docs';
import { archiveWriter, type ArchiveManifest, type StoredDoc } from './backup-archive';

/**
 * Not copied: `auth` holds sessions, one-time codes, rate limits and the secret they are hashed with, all short-lived
 * or made anew at start. A restored shop makes a new secret, so every session ends and staff sign in again, and no
 * archive carries a key to anyone's session.
 */
const notCopied = new Set(['auth']);

/** Where the shop's identity lives: a server-only database every shop has. */
export const shopIdentityDb = 'counters';
export const shopIdentityId = 'shop-identity';

/** This shop's identity, made once: an archive names it, and a restore over another shop's store is told apart. */
export const shopIdentity = async (storage: Storage): Promise<string> => {
  const db = storage.db(shopIdentityDb);
  await createIfMissing(db, shopIdentityId, { id: crypto.randomUUID() });
  return (await getDoc<{ id: string }>(db, shopIdentityId))!.id;
};

const dbName = /^[a-z][a-z0-9_$()+-]*$/;

/** Every database of the store: LevelDB's folders under dataDir, or every database of the CouchDB but its own. */
export const storedDatabases = async (config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>): Promise<string[]> => {
  if (config.couchUrl) {
    const { href, headers } = couchRequest(`${config.couchUrl.endsWith('/') ? config.couchUrl : `${config.couchUrl}/`}_all_dbs`);
    const answer = await fetch(href, { headers });
    if (!answer.ok) throw new Error(`CouchDB не отдал список баз: ${answer.status}`);
    const names: unknown = await answer.json();
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string' && dbName.test(n)).sort() : [];
  }
  const entries = await fs.readdir(config.dataDir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory() && dbName.test(e.name)).map((e) => e.name).sort();
};

const page = 500;

/** Every document of one database as stored: each winner, and each conflict branch beside it, attachments inline. */
const documentsOf = async (db: PouchDB.Database, each: (doc: StoredDoc) => void): Promise<number> => {
  let count = 0;
  let startkey: string | undefined;
  for (;;) {
    const { rows } = await db.allDocs({ include_docs: true, attachments: true, conflicts: true, limit: page + (startkey ? 1 : 0), ...(startkey ? { startkey } : {}) });
    const fresh = startkey ? rows.slice(1) : rows;
    for (const row of fresh) {
      if (!row.doc) continue;
      const { _conflicts, ...doc } = row.doc as unknown as StoredDoc & { _conflicts?: string[] };
      each(doc);
      count++;
      for (const rev of _conflicts ?? []) each((await db.get(row.id, { rev, attachments: true })) as unknown as StoredDoc);
    }
    if (fresh.length < page) return count;
    startkey = fresh.at(-1)!.id;
  }
};

export interface Backup {
  bytes: Uint8Array;
  manifest: Omit<ArchiveManifest, 'kind' | 'format' | 'sha256'>;
}

/**
 * A copy of every database while the shop serves. Each database is read at one moment of its own (LevelDB's
 * snapshot, CouchDB's sequence); steps that span databases (an order and its copies) are finished at the restored
 * shop's start, as after a crash (`reconcile`), so the databases need not be read at one instant together.
 */
export const takeBackup = async (storage: Storage, config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>, key?: string, now = new Date()): Promise<Backup> => {
  const shop = await shopIdentity(storage);
  const writer = archiveWriter();
  const databases: ArchiveManifest['databases'] = [];
  for (const name of await storedDatabases(config)) {
    if (notCopied.has(name)) continue;
    const db = storage.db(name);
    const release = storage.hold(name);
    try {
      const { update_seq: seq } = await db.info();
      writer.database(name);
      const docs = await documentsOf(db, (doc) => writer.doc(name, doc));
      databases.push({ name, docs, seq });
    } finally {
      release();
    }
  }
  const manifest = { shop, createdAt: now.toISOString(), databases };
  return { bytes: writer.finish(manifest, key), manifest };
};

/**
 * Why a backup could not be written, in Russian for the owner and without the target's path (it is shown on
 * /api/health, which names no host or folder): what the disk or folder said, by its error code.
 */
export const backupFailureReason = (e: unknown): string => {
  const code = e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : '';
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'На диске для резервных копий нет места (BACKUP_DIR): освободите место или укажите другую папку';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return 'В папку резервных копий нельзя писать (BACKUP_DIR): проверьте права и что диск подключён не только для чтения';
  if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOENT') return 'Папки резервных копий нет (BACKUP_DIR): путь ведёт не в папку; проверьте, подключён ли диск';
  if (code === 'EIO' || code === 'ENXIO' || code === 'ESTALE' || code === 'ETIMEDOUT' || code === 'EHOSTDOWN' || code === 'ENOTCONN')
    return 'Диск резервных копий не отвечает (BACKUP_DIR): проверьте, подключён ли он';
  return e instanceof Error ? e.message : String(e);
};

/** An archive's file name: when it was taken, sortable. */
export const archiveName = (at: Date) => `shop-${at.toISOString().slice(0, 23).replace(/[:T.]/g, '-')}.fsbk`;

/**
 * Writes the archive into `dir` whole or not at all (a partial file is renamed only once written and synced), then
 * keeps the newest `keep` archives there. Answers the archive's path.
 */
export const storeBackup = async (backup: Backup, dir: string, keep: number): Promise<string> => {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, archiveName(new Date(backup.manifest.createdAt)));
  const partial = `${file}.partial`;
  try {
    const handle = await fs.open(partial, 'w');
    try {
      await handle.writeFile(backup.bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(partial, file);
  } catch (e) {
    // A full or failing disk leaves no half archive behind (nor a name a restore could be pointed at by mistake).
    await fs.rm(partial, { force: true }).catch(() => undefined);
    throw e;
  }
  const archives = (await fs.readdir(dir)).filter((f) => /^shop-.*\.fsbk$/.test(f)).sort();
  for (const old of archives.slice(0, Math.max(0, archives.length - keep))) await fs.rm(path.join(dir, old), { force: true });
  return file;
};
