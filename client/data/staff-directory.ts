import { useEffect } from 'react';
import type { RxCollection } from 'rxdb';
import { BehaviorSubject } from 'rxjs';
import { z } from 'zod';
import { cacheKey, cacheTtl, type CacheRecord } from '../../schema/shared/cache-record';
import { staffMember } from '../../schema/shared/user';
import { call } from '../lib/api';
import { useObservable } from '../lib/use-observable';
import { browserOnline } from '../lib/use-online';
import { loadDataSource } from './data-source';
import { useLocalIfOpen } from './local-data-context';

/**
 * The studio's staff by name (issue 18, item 9), for every staff screen that names a person by phone: an order's
 * history and florist, the board, a task's assignee, a conflict notice. The server lists staff as their user records
 * hold them now (`/api/staff/list`); the device keeps the answer in DataSources (spec §4), so names show offline
 * too. One load a tab at most every cache lifetime, shared by every screen; offline only the cache is read.
 *
 *   const names = useStaffNames();
 *   staffName(order.florist, names) // (schema/shared/user.ts) «Ольга Флористова», or «**0003» for a phone the directory does not know
 */
const url = '/api/staff/list';
const source = { url };
const answer = z.object({ data: z.object({ items: z.array(staffMember) }) });

const names$ = new BehaviorSubject<ReadonlyMap<string, string>>(new Map());
const show = (data: unknown) => {
  const parsed = answer.safeParse(data);
  if (parsed.success) names$.next(new Map(parsed.data.data.items.filter((s) => s.name.trim()).map((s) => [s.phone, s.name.trim()])));
};

let asked = 0;
/** Shows the kept directory, then asks the server for a fresh one unless it was asked within the cache lifetime or the device is offline. */
const loadStaffNames = async (cache: RxCollection<CacheRecord>): Promise<void> => {
  if (!browserOnline() || Date.now() - asked < cacheTtl) {
    if (!names$.value.size) show((await cache.findOne(cacheKey(source)).exec())?.data);
    return;
  }
  asked = Date.now();
  // Asked only if still online once the cache has been read (the network can go in between); if not, the next load asks.
  const fresh = () => {
    if (browserOnline()) return call('POST /api/staff/list', {});
    asked = 0;
    return Promise.reject(new Error('нет сети'));
  };
  await loadDataSource(cache, source, fresh, (state) => show(state.data));
};

/** Asks the server again now, whatever the cache lifetime: the staff were just changed on this device (/admin/staff). */
export const reloadStaffNames = (cache: RxCollection<CacheRecord>): Promise<void> => {
  asked = 0;
  return loadStaffNames(cache);
};

/** Staff names by phone for a screen: empty until the cache or the server answers. `ask`: whether this user may ask (staff only). */
export const useStaffNames = (ask = true): ReadonlyMap<string, string> => {
  // A screen drawn before the device's store has opened (the order page from the server's copy) gets the names once it has.
  const data = useLocalIfOpen()?.data;
  useEffect(() => {
    if (ask && data) void loadStaffNames(data.dataSources.cache);
  }, [data, ask]);
  return useObservable(names$, names$.value);
};
