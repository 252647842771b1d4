import type { ShopConfig } from '../config';
import { openStorage } from '../db/storage';
import { BadArchive, readArchive, type ArchiveManifest } from './backup-archive';
import { shopIdentityDb, shopIdentityId, storedDatabases } from './backup';
import { renewStoreEpoch } from './store-epoch';

export interface RestoreOptions {
  /** The key the archive was encrypted with (BACKUP_KEY). */
  key?: string;
  /** Restore over a store that holds databases: every one of them is dropped first. */
  force?: boolean;
}

const batch = 200;

/** The identity of the shop a store holds (backup.ts's `shopIdentity`), read through a handle closed after. */
const storeOwner = async (storage: ReturnType<typeof openStorage>): Promise<string | undefined> => {
  const counters = new storage.Pouch(shopIdentityDb);
  try {
    const doc: unknown = await counters.get(shopIdentityId).catch(() => undefined);
    return doc && typeof doc === 'object' && 'id' in doc && typeof doc.id === 'string' ? doc.id : undefined;
  } finally {
    await counters.close().catch(() => undefined);
  }
};

/**
 * Fills a store no shop is running on with a copy's databases: an empty data directory or CouchDB, or, told to
 * (`force`), one whose databases are dropped first; a store of another shop (its `counters/shop-identity` is not the
 * copy's `shop`) is named as such in the refusal. `writeOne` fills one database; a restore that fails part-way drops
 * what it wrote, so the store is left empty rather than half a shop. The store then gets a new epoch (store-epoch.ts),
 * which tells devices their checkpoints are past these databases' sequences. Both restores, from an archive and from
 * the second CouchDB (backup-couch.ts), go through here.
 */
export const restoreInto = async (
  config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>,
  copy: { shop?: string; names: readonly string[] },
  force: boolean,
  writeOne: (db: PouchDB.Database, name: string) => Promise<void>,
): Promise<void> => {
  const present = await storedDatabases(config);
  const storage = openStorage(config);
  const owner = present.includes(shopIdentityDb) ? await storeOwner(storage) : undefined;
  if (present.length && !force) {
    await storage.close().catch(() => undefined);
    if (owner && copy.shop && owner !== copy.shop)
      throw new BadArchive(`Копия сделана в другом магазине (${copy.shop}), а хранилище принадлежит магазину ${owner}: восстановление его не заменит без --force`);
    throw new BadArchive(`Хранилище не пустое (${present.length} баз: ${present.slice(0, 5).join(', ')}…): восстановление его не перезапишет без --force`);
  }
  const written: string[] = [];
  try {
    // Dropped through handles of their own: the storage's are for the databases written next.
    for (const name of present) await new storage.Pouch(name).destroy();
    for (const name of copy.names) {
      written.push(name);
      await writeOne(storage.db(name), name);
    }
    written.push('counters');
    await renewStoreEpoch(storage);
  } catch (e) {
    for (const name of written) await storage.db(name).destroy().catch(() => undefined);
    throw e;
  } finally {
    await storage.close().catch(() => undefined);
  }
};

/**
 * Puts an archive's databases into a store no shop is running on (`restoreInto`). The archive is read and checked
 * whole before anything is written. Documents keep their revisions and conflict branches; the shop's next start
 * finishes what spans databases and re-projects stock.
 */
export const restoreShop = async (config: Pick<ShopConfig, 'dataDir' | 'couchUrl'>, file: string, { key, force = false }: RestoreOptions = {}): Promise<ArchiveManifest> => {
  const { manifest, databases } = await readArchive(file, key);
  await restoreInto(config, { shop: manifest.shop, names: [...databases.keys()] }, force, async (db, name) => {
    const docs = databases.get(name) ?? [];
    for (let i = 0; i < docs.length; i += batch) {
      const answers = await db.bulkDocs(docs.slice(i, i + batch), { new_edits: false });
      const failed = answers.find((a) => 'error' in a && a.error);
      if (failed) throw new Error(`база ${name}: документ не записан (${JSON.stringify(failed)})`);
    }
    const { doc_count } = await db.info();
    const expected = manifest.databases.find((d) => d.name === name)?.docs ?? 0;
    if (doc_count !== expected) throw new Error(`база ${name}: записано ${doc_count} документов из ${expected}`);
  });
  return manifest;
};
