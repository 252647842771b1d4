import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { putSynced } from '../db/synced';
import { demoProducts } from './products';
import { demoPages } from './pages';
import { demoStaff } from './staff';

/**
 * On first start fills the catalogue, the info pages and the three staff accounts.
 * A marker in the auth database makes it run once, even with several processes on one CouchDB.
 */
export const seedDemo = async (shop: Shop): Promise<void> => {
  let first = false;
  await upsert(shop.auth, 'seeded', (current) => (current ? null : ((first = true), { at: Date.now() })));
  if (!first) return;
  const catalog = shop.storage.db('catalog');
  const pages = shop.storage.db('pages');
  for (const item of demoProducts) await putSynced(catalog, item);
  for (const page of demoPages) await putSynced(pages, page);
  const users = shop.storage.db('users');
  for (const staff of demoStaff) await upsert(users, staff.phone, (current) => current ?? staff);
};
