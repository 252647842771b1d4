import { createContext, useContext } from 'react';
import { shopSnapshot, snapshotElementId, type ShopSnapshot } from '../../schema/shop-snapshot';

/** What the server drew this page from (schema/shop-snapshot.ts); `null` when the page was not server-rendered. */
export const SnapshotContext = createContext<ShopSnapshot | null>(null);
export const useSnapshot = (): ShopSnapshot | null => useContext(SnapshotContext);

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
