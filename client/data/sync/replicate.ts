import { replicateCouchDB, type RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { RxCollection } from 'rxdb';
import type { ChangeSignals } from './change-signals';
import { syncFetch } from './sync-fetch';
import { checkpointName } from '../collections';
import { pushBatchOf } from '../../../schema/shared/databases';
import { StoreRestored, storeEpochHeader, type StoreEpochs } from './store-epoch';

interface SyncOptions {
  /** Origin of the shop; '' in the browser (same origin). */
  base?: string;
  signals: () => ChangeSignals | null;
  push?: boolean;
  /** Only the leader tab replicates; tests with one instance may turn this off. */
  waitForLeadership?: boolean;
  /** The device's knowledge of the store's epoch: the identifier carries it, and every answer is checked against it. */
  epochs?: StoreEpochs;
}


/** Live replication of one collection with its /db database of the same purpose. */
export const replicate = <T>(collection: RxCollection<T>, db: string, o: SyncOptions): RxCouchDBReplicationState<T> => {
  const { epochs } = o;
  const born = epochs?.generation() ?? 0;
  const suffix = epochs?.suffix() ?? '';
  // An answer from a store restored under this replication moves none of its checkpoints: a new replication takes over.
  const onAnswer = (answer: Response) => {
    if (!epochs) return;
    epochs.meet(answer.headers.get(storeEpochHeader));
    if (epochs.generation() !== born) throw new StoreRestored();
  };
  const state: RxCouchDBReplicationState<T> = replicateCouchDB<T>({
    // A new epoch is a new identifier: RxDB keeps no checkpoint for it, so it pulls everything and pushes everything.
    replicationIdentifier: checkpointName(collection.name, db) + (suffix ? `@${suffix}` : ''),
    collection,
    url: `${o.base ?? location.origin}/db/${db}/`,
    // A live stream back after a failure: pulled again from the checkpoint, since RxDB's stream starts over at `since=now`.
    fetch: syncFetch(db, o.signals, () => state.isStopped(), onAnswer, () => state.reSync()),
    live: true,
    retryTime: 3000,
    waitForLeadership: o.waitForLeadership ?? true,
    pull: { batchSize: 200 },
    push: o.push ? { batchSize: pushBatchOf(db) } : undefined,
  });
  return state;
};
