import PouchDB from 'pouchdb';
import type { ShopConfig } from '../config';
import type { Storage } from '../db/storage';
import { shopIdentity, storedDatabases } from './backup';
import { BadArchive } from './backup-archive';
import { restoreInto } from './restore';
import { copySealed, restoreSealed, sealedManifest, sealer, type SealedManifest } from './backup-couch-sealed';

/**
 * A second CouchDB as a backup target (issue 31, BACKUP_COUCHDB_URL): every database of the shop but `auth` (as in
 * the archive) is replicated into it under a prefixed name, and a manifest records, per database, the sequence the
 * shop's database had when its copy began: the copy holds at least that point. A restore replicates them back into an
 * empty store. The target's address carries its credentials; they are never logged nor shown (`targetName`).
 * With BACKUP_KEY every document is sealed (backup-couch-sealed.ts): names, ids and bodies unreadable without the key;
 * the manifest then says in the clear only the shop, the times and `sealed` (the databases, sealed).
 */
const notCopied = new Set(['auth']);
export const copyPrefix = 'shopbackup-';
/** The manifest's database: its `$` keeps it apart from any copy (the shop's own names have none). */
const manifestDb = 'shopbackup$manifest';
const manifestId = 'manifest';

export interface CouchCopyManifest {
  shop: string;
  /** When the copy began and when it was whole (ISO). */
  startedAt: string;
  finishedAt: string;
  databases: { name: string; seq: number | string; docs: number }[];
  /** With BACKUP_KEY: `databases` is empty and the real list (with how far each copy went) is sealed here. */
  sealed?: string;
}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** The target as the owner may see it: its host and path, without user or password. */
export const targetName = (url: string): string => {
  try {
    const address = new URL(url);
    return `${address.host}${address.pathname === '/' ? '' : address.pathname}`;
  } catch {
    return 'адрес не разобран';
  }
};

/** A failure's words with the target's password cut out, whatever the library put in them (the user name is no secret). */
const withoutSecrets = (message: string, url: string): string => {
  let safe = message;
  try {
    const { password } = new URL(url);
    for (const secret of [password, decodeURIComponent(password)]) if (secret) safe = safe.split(secret).join('***');
  } catch {
    // An address that does not parse names no secret to cut.
  }
  return safe;
};

/** A failure of the target in Russian, for /admin and /api/health. */
export class BackupTargetFailure extends Error {}

const targetDb = (url: string, name: string) => new PouchDB(`${withSlash(url)}${encodeURIComponent(name)}`, { skip_setup: false });

/** One pass over every database into the target; answers the manifest it wrote there. */
export const copyToCouch = async (storage: Storage, config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>, target: string, now = new Date(), key?: string): Promise<CouchCopyManifest> => {
  const where = targetName(target);
  const fail = (e: unknown): never => {
    const reason = withoutSecrets(e instanceof Error ? e.message : String(e), target);
    throw new BackupTargetFailure(`Резервная CouchDB ${where} недоступна или отказала: ${reason}`);
  };
  const manifest = targetDb(target, manifestDb);
  await manifest.info().catch(fail);
  const shop = await shopIdentity(storage);
  const current = await manifest.get<CouchCopyManifest>(manifestId).catch(() => null);
  const seal = key ? sealer(key) : null;
  const before = seal && current?.sealed ? sealedManifest.safeParse(seal.open(current.sealed)) : null;
  const since: SealedManifest['since'] = before?.success ? before.data.since : {};
  const databases: CouchCopyManifest['databases'] = [];
  for (const name of await storedDatabases(config)) {
    // A target on the shop's own cluster must not copy its copies.
    if (notCopied.has(name) || name.startsWith(copyPrefix) || name === manifestDb) continue;
    const source = storage.db(name);
    const release = storage.hold(name);
    try {
      const { update_seq: seq, doc_count: docs } = await source.info();
      if (seal) since[name] = await copySealed(source, targetDb(target, `${copyPrefix}${seal.name(name)}`), seal, since[name] ?? 0, name).catch(fail);
      else await PouchDB.replicate(source, targetDb(target, `${copyPrefix}${name}`), { batch_size: 200 }).catch(fail);
      databases.push({ name, seq, docs });
    } finally {
      release();
    }
  }
  const times = { shop, startedAt: now.toISOString(), finishedAt: new Date().toISOString() };
  const stored: CouchCopyManifest = seal ? { ...times, databases: [], sealed: seal.seal({ databases, since }) } : { ...times, databases };
  await manifest.put({ _id: manifestId, ...(current ? { _rev: current._rev } : {}), ...stored }).catch(fail);
  return { ...times, databases };
};

/**
 * The target's copies into a store no shop runs on (`restoreInto`: empty, or with `force` dropped first; a failure
 * part-way drops what was written; a new epoch after).
 */
export const restoreFromCouch = async (config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>, target: string, { force = false, key }: { force?: boolean; key?: string } = {}): Promise<CouchCopyManifest> => {
  const stored = await targetDb(target, manifestDb)
    .get<CouchCopyManifest>(manifestId)
    .catch((e: unknown) => {
      throw new BadArchive(`В резервной CouchDB ${targetName(target)} нет копии магазина: ${withoutSecrets(e instanceof Error ? e.message : String(e), target)}`);
    });
  if (stored.sealed && !key) throw new BadArchive('Копия в резервной CouchDB зашифрована: задайте ключ BACKUP_KEY, которым она сделана');
  const seal = stored.sealed && key ? sealer(key) : null;
  const opened = seal && stored.sealed ? sealedManifest.safeParse(seal.open(stored.sealed)) : null;
  if (opened && !opened.success) throw new BadArchive('Опись копии в резервной CouchDB повреждена');
  const manifest: CouchCopyManifest = opened?.success ? { shop: stored.shop, startedAt: stored.startedAt, finishedAt: stored.finishedAt, databases: opened.data.databases } : stored;
  const docsOf = new Map(manifest.databases.map((d) => [d.name, d.docs]));
  await restoreInto(config, { shop: manifest.shop, names: [...docsOf.keys()] }, force, async (db, name) => {
    if (seal) await restoreSealed(targetDb(target, `${copyPrefix}${seal.name(name)}`), db, seal, name);
    else await PouchDB.replicate(targetDb(target, `${copyPrefix}${name}`), db, { batch_size: 200 });
    const { doc_count } = await db.info();
    const docs = docsOf.get(name) ?? 0;
    // The copy holds at least the manifest's point; writes the shop took while it was copied may be there too.
    if (doc_count < docs) throw new Error(`база ${name}: восстановлено ${doc_count} документов из ${docs}`);
  });
  return manifest;
};
