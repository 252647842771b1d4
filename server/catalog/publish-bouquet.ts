import { product, type Product } from '../../schema/product';
import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { allSynced, fromSynced, getSynced, toSynced } from '../db/synced';
import { HttpError } from '../http/errors';
import { stockOf } from '../stock/stock';

/** What a published bouquet sets on its catalogue item; the rest (photos, category, tags, sizes) is the item's own, set on /admin/items. */
export interface BouquetItem {
  id: string;
  art: string;
  name: string;
  price: number;
  composition: string;
  /** The count a new item starts with; an existing item's count is the stock ledger's and stays. */
  count: number;
}

/** A new bouquet's item: an author's bouquet, on sale, without photos until they are uploaded on /admin/items. */
const newItem = { description: '', images: [], category: 'authors', itemType: 'bouquet', tags: [], shownOn: [], isActive: true, isHidden: false, sizable: false, rank: 1000 } as const;

/**
 * Makes or updates a bouquet's catalogue item by the catalogue's rules as /api/items/update keeps them: an article
 * code belongs to one item, and the count moves only through the stock ledger (a new item's first count is a
 * correction there). The one place a tech card writes the catalogue: point it at the catalogue item service when
 * that exists.
 */
export const publishBouquet = async (shop: Shop, item: BouquetItem): Promise<Product> => {
  const catalog = shop.storage.db('catalog');
  const taken = (await allSynced<Product>(catalog)).find((p) => p.art === item.art && p.id !== item.id);
  if (taken) throw new HttpError(409, `Артикул ${item.art} уже занят товаром «${taken.name}»`);
  let created = false;
  await upsert<Omit<Product, 'id'>>(catalog, item.id, (current) => {
    created = !current;
    const base = current ? fromSynced<Product>(current) : { ...newItem, count: 0 };
    return toSynced(product.parse({ ...base, id: item.id, art: item.art, name: item.name, price: item.price, composition: item.composition, updatedAt: Date.now() }));
  });
  // One correction per item, whoever publishes it first: a second publish of a new card adds nothing.
  if (created) await stockOf(shop.storage).setCount(item.id, item.count, `fix-publish-${item.id}`);
  const saved = await getSynced<Product>(catalog, item.id);
  if (!saved) throw new Error(`catalogue item ${item.id} not written`);
  return saved;
};
