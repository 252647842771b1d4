import { BehaviorSubject } from 'rxjs';

/**
 * Whether this device has pulled the studio's data (office records and the studio's orders) since staff signed in
 * (issue 29, item 6): until then an empty local query is not «nothing», only «not here yet», so staff screens say
 * they are loading rather than «Курьеров пока нет». The leader tab replicates and sets it; every tab reads it
 * (localStorage, its `storage` event), and it stays across reloads, so an offline device shows what it holds.
 */
const key = 'studio:pulled';

const read = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(key) === '1';
  } catch {
    return false;
  }
};

export const studioPulled$ = new BehaviorSubject<boolean>(read());

export const markStudioPulled = (pulled: boolean): void => {
  try {
    if (pulled) globalThis.localStorage?.setItem(key, '1');
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // A private window: this tab still knows.
  }
  studioPulled$.next(pulled);
};

globalThis.addEventListener?.('storage', (e: StorageEvent) => {
  if (e.key === key) studioPulled$.next(read());
});
