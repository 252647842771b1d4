import { replicateCouchDB, type RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { RxCollection } from 'rxdb';
import type { ChangeSignals } from './change-signals';
import { syncFetch } from './sync-fetch';
import { checkpointName } from '../collections';
import { pushBatchOf } from '../../../schema/shared/databases';

interface SyncOptions {
  /** Origin of the shop; '' in the browser (same origin). */
  base?: string;
  signals: () => ChangeSignals | null;
  push?: boolean;
  /** Only the leader tab replicates; tests with one instance may turn this off. */
  waitForLeadership?: boolean;
}


/** Live replication of one collection with its /db database of the same purpose. */
export const replicate = <T>(collection: RxCollection<T>, db: string, o: SyncOptions): RxCouchDBReplicationState<T> => {
  const state: RxCouchDBReplicationState<T> = replicateCouchDB<T>({
    replicationIdentifier: checkpointName(collection.name, db),
    collection,
    url: `${o.base ?? location.origin}/db/${db}/`,
    fetch: syncFetch(db, o.signals, () => state.isStopped()),
    live: true,
    retryTime: 3000,
    waitForLeadership: o.waitForLeadership ?? true,
    pull: { batchSize: 200 },
    push: o.push ? { batchSize: pushBatchOf(db) } : undefined,
  });
  return state;
};
