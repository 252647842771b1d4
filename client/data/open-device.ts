import { openLocalData } from './database';
import { restoreRescued } from './rescue';
import { startShopSync } from './sync/shop-sync';
import type { Local } from './local-data-context';

/**
 * Opens the device's store, puts back what a rescue kept, and starts its sync. A chunk of its own (RxDB, Dexie):
 * a server-rendered page is drawn and usable before it arrives.
 */
export const openDevice = async (): Promise<Local> => {
  const data = await openLocalData();
  await restoreRescued(data).catch((e: unknown) => console.warn('Сохранённые корзина и заказы не восстановлены', e));
  return { data, sync: startShopSync(data) };
};
