import { createContext, useContext } from 'react';
import { shopSnapshot, snapshotElementId, type ShopSnapshot } from '../../schema/shop/shop-snapshot';

/** What the server drew this page from (schema/shop/shop-snapshot.ts); `null` when the page was not server-rendered. */
export const SnapshotContext = createContext<ShopSnapshot | null>(null);

/** Whether this tab's page came drawn by the server (whatever screen it shows now). */
export const useServerRendered = (): boolean => useContext(SnapshotContext) !== null;

/**
 * The snapshot, while the tab is still on the address it was drawn for (on the server, always). Another address
 * reached before the device holds the catalogue waits for the device («Загружаем…») rather than showing another
 * page's products.
 */
export const useSnapshot = (): ShopSnapshot | null => {
  const snapshot = useContext(SnapshotContext);
  if (!snapshot || typeof location === 'undefined') return snapshot;
  return location.pathname === snapshot.path ? snapshot : null;
};

/** The snapshot the server wrote into the page, or `null` for the app's plain shell (the service worker's offline page). */
export const readSnapshot = (): ShopSnapshot | null => {
  const text = document.getElementById(snapshotElementId)?.textContent;
  if (!text) return null;
  try {
    const parsed = shopSnapshot.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};
