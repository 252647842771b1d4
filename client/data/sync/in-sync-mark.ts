import { BehaviorSubject } from 'rxjs';

/**
 * When every office change made on this device last had reached the server (issue 18, item 10): a record this
 * person changed after it (a task ticked off offline) waits to be sent. The leader tab replicates and writes the
 * moment; every tab of the device reads it (localStorage, its `storage` event).
 */
const key = 'office:in-sync-at';

const read = (): number => {
  try {
    return Number(globalThis.localStorage?.getItem(key)) || 0;
  } catch {
    return 0;
  }
};

export const officeInSyncAt$ = new BehaviorSubject<number>(read());

export const markOfficeInSync = (at: number): void => {
  try {
    globalThis.localStorage?.setItem(key, String(at));
  } catch {
    // A private window: this tab still knows.
  }
  officeInSyncAt$.next(at);
};

globalThis.addEventListener?.('storage', (e: StorageEvent) => {
  if (e.key === key) officeInSyncAt$.next(read());
});

/** Whether a record this person changed waits to be sent: changed by them after the office was last in sync. */
export const waitsToBeSent = (record: { updatedBy: string; updatedAt: number }, me: string, inSyncAt: number): boolean =>
  record.updatedBy === me && record.updatedAt > inSyncAt;
