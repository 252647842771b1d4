import { randomUUID } from 'node:crypto';
import type { Storage } from '../db/storage';
import { createIfMissing, getDoc } from '../db/docs';

/**
 * The store's identity that a restore changes. A device's replication checkpoints are sequences of the databases it
 * synced with; a restored database starts its sequences again from the archive's, so those checkpoints point past
 * them. Every /db answer carries the epoch (`storeEpochHeader`), and a device that meets a new one starts its
 * replications afresh (client/data/sync/store-epoch.ts). Kept beside the shop's counters, which only the server reads.
 */
export const storeEpochHeader = 'X-Store-Epoch';
const epochDb = 'counters';
const epochId = 'store-epoch';

interface EpochDoc {
  epoch: string;
  at: string;
}

/** The store's epoch, made on its first start; two servers starting at once agree (the first write wins). */
export const ensureStoreEpoch = async (storage: Storage): Promise<string> => {
  const db = storage.db(epochDb);
  await createIfMissing<EpochDoc>(db, epochId, { epoch: randomUUID(), at: new Date().toISOString() });
  const stored = await getDoc<EpochDoc>(db, epochId);
  if (!stored?.epoch) throw new Error('Хранилище не отдало свою эпоху (counters/store-epoch)');
  return stored.epoch;
};

/**
 * A new epoch, written by a restore once every database is back: the archive brought the old shop's epoch with
 * its counters, and devices that synced with the old shop must not take the restored one for it.
 */
export const renewStoreEpoch = async (storage: Storage): Promise<string> => {
  const db = storage.db(epochDb);
  const epoch = randomUUID();
  const current = await getDoc<EpochDoc>(db, epochId);
  await db.put({ _id: epochId, ...(current ? { _rev: current._rev } : {}), epoch, at: new Date().toISOString() });
  return epoch;
};
