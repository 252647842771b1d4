import { createContext, use, useContext } from 'react';
import type { LocalData } from './database';
import type { ShopSync } from './sync/shop-sync';

export interface Local {
  data: LocalData;
  sync: ShopSync;
}

/**
 * The device's databases and their sync. `null` while a server-rendered page hydrates and the device's store is
 * still opening (main.tsx opens it right after), and on the server.
 */
export const LocalDataContext = createContext<Local | null>(null);

let opened: (local: Local) => void = () => {};
const whenOpened = new Promise<Local>((resolve) => (opened = resolve));

/** The device's store once open, for work that must wait for it outside rendering (signing out). */
export const openedLocal = (): Promise<Local> => {
  wanted();
  return whenOpened;
};

let wanted: () => void = () => {};
/** Resolves when a screen or an action needs the device's store before main.tsx would have opened it anyway. */
export const storeWanted = new Promise<void>((resolve) => (wanted = resolve));

/** main.tsx says the store is open: screens waiting in `useLocal` go on. */
export const localOpened = (local: Local) => opened(local);

/**
 * The device's store, for screens that cannot be drawn without it (checkout, account, staff). A screen reached
 * before the store has opened suspends until it has: the router shows its pending state meanwhile.
 */
export const useLocal = (): Local => {
  const local = useContext(LocalDataContext);
  if (local) return local;
  wanted();
  return use(whenOpened);
};

/**
 * The device's store if it is open yet; else, for a screen that has nothing to draw meanwhile (`drawn` false), it
 * suspends as `useLocal` does. A screen the server gave its first content (the write-off form's choices) draws that.
 */
export const useLocalUnlessDrawn = (drawn: boolean): Local | null => {
  const local = useContext(LocalDataContext);
  if (local || drawn) return local;
  wanted();
  return use(whenOpened);
};

/** Something is to be written to the device's store (a cart line): it is opened now rather than later. */
export const wantLocal = () => wanted();

/** The device's store if it is open yet: public screens draw from the server's snapshot until it is. */
export const useLocalIfOpen = (): Local | null => useContext(LocalDataContext);
