import { useMemo } from 'react';
import { map, NEVER, type Observable } from 'rxjs';
import type { RxCollection } from 'rxdb';
import { useObservable } from '../lib/use-observable';
import type { LocalData } from './database';
import { useLocalIfOpen } from './local-data-context';

/**
 * A reading of the device's store: `undefined` until the store is open and has answered. `query` is made from the
 * store alone, so pass a function that is stable for what it reads (a `useCallback` over its ids).
 */
export const useDeviceReading = <T>(query: (data: LocalData) => Observable<T>): T | undefined => {
  const local = useLocalIfOpen();
  const reading$ = useMemo<Observable<T | undefined>>(() => (local ? query(local.data) : NEVER), [local, query]);
  return useObservable(reading$, undefined);
};

/**
 * Whether the device's copy of a collection holds anything yet (`undefined` until it has answered). Until it does,
 * a server-rendered page keeps showing the server's snapshot: a first visit's store is empty until the first pull.
 */
export const useDeviceHolds = (collection: (data: LocalData) => RxCollection): boolean | undefined =>
  useDeviceReading(useMemo(() => (data: LocalData) => collection(data).count().$.pipe(map((n) => n > 0)), [collection]));
