import type { Shop } from '../context';
import { createIfMissing, getDoc } from '../db/docs';
import { toSynced } from '../db/synced';
import { demoProducts } from './products';
import { demoPages } from './pages';
import { demoStaff } from './staff';
import { seedStock } from './stock';
import { seedRecipes } from './recipes';

/**
 * Fills the catalogue, the info pages and the three staff accounts on first start. Each document is written only
 * if it is missing, and the `seeded` mark in the auth database last: a start killed half-way seeds the rest on the
 * next start, and once marked, a product or page staff deleted does not come back. Several processes on one
 * store may run it at once: a document the other wrote first is left as it is.
 */
export const seedDemo = async (shop: Shop): Promise<void> => {
  await seedStock(shop);
  if (await getDoc(shop.auth, 'seeded')) return;
  // A new demo store only: the bouquets by tech card and their stems (a store seeded before keeps its own books).
  if (shop.config.seedRecipes !== false) await seedRecipes(shop);
  const catalog = shop.storage.db('catalog');
  const pages = shop.storage.db('pages');
  const users = shop.storage.db('users');
  for (const item of demoProducts) await createIfMissing(catalog, item.id, toSynced(item));
  for (const page of demoPages) await createIfMissing(pages, page.id, toSynced(page));
  for (const staff of demoStaff) await createIfMissing(users, staff.phone, staff);
  await createIfMissing(shop.auth, 'seeded', { at: Date.now() });
};
