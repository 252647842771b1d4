import type { Product } from '../../schema/shop/product';
import type { ItemFields, ItemService } from './item-service';

/** What a published bouquet sets on its catalogue item; the rest (photos, category, tags, sizes) is the item's own, set on /admin/items. */
interface BouquetItem {
  id: string;
  art: string;
  name: string;
  price: number;
  composition: string;
  /** The count a new item starts with; an existing item's count is the stock ledger's and stays. */
  count: number;
}

/** A new bouquet's item: an author's bouquet, on sale, without photos until they are uploaded on /admin/items. */
const newItem: Omit<ItemFields, keyof BouquetItem> = { description: '', images: [], category: 'authors', itemType: 'bouquet', tags: [], shownOn: [], isActive: true, isHidden: false, sizable: false, rank: 1000 };

/**
 * Makes or updates a bouquet's catalogue item through the catalogue's one writer (`item-service.ts`), so its article
 * code, pictures, fields and count obey the rules /api/items/update keeps.
 */
export const publishBouquet = async (items: ItemService, { id, count, ...set }: BouquetItem): Promise<Product> =>
  (await items.change(id, (current) => ({ ...(current ?? { ...newItem, count }), ...set }))).item;
