import crypto from 'node:crypto';
import { isShopImagePath } from '../../schema/image-path';
import { product, type Product, type ProductInput } from '../../schema/product';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { getDoc, removeDoc, upsert } from '../db/docs';
import { allSynced, getSynced, toSynced } from '../db/synced';
import { HttpError, notFound } from '../http/errors';
import { photoStore } from '../photos/photos';
import type { StockService } from '../stock/stock';

const uploadedId = /^\/api\/photos\/([A-Za-z0-9_-]{16,64})$/;

/**
 * The catalogue's items as staff change them: /api/items/update and /delete, and whatever else makes a catalogue item
 * (a bouquet's tech card, when published) go through here, so every item obeys the same rules:
 * - its pictures are uploads of ours (POST /api/items/upload-image), or ones it already shows (the drawn demo pictures);
 * - its article code is its own;
 * - an edit made from a state that has changed since (a sale took a unit) is refused, not applied over it;
 * - its count is the stock ledger's projection: a count staff type is a correction in the ledger.
 */
export const itemService = (shop: Shop, index: CatalogIndex, stock: StockService) => {
  const catalog = shop.storage.db('catalog');
  const photos = photoStore(shop.storage);

  const checkImages = async (images: Product['images'], current: Product | null) => {
    const kept = new Set(current?.images.map((i) => i.url));
    for (const { url } of images) {
      if (kept.has(url)) continue;
      const upload = uploadedId.exec(url);
      if (!isShopImagePath(url) || !upload || !(await photos.isItemImage(upload[1])))
        throw new HttpError(400, 'Картинка: только загруженное фото магазина — загрузите файл, а не вписывайте адрес');
    }
  };

  /** The stored catalogue, not this process's copy: another app server's item written a moment ago counts too. */
  const checkArt = async (art: string, id: string) => {
    const taken = (await allSynced<Product>(catalog)).find((p) => p.art === art && p.id !== id);
    if (taken) throw new HttpError(409, `Артикул ${art} уже занят товаром «${taken.name}»`);
  };

  return {
    /**
     * Makes or changes an item. `updatedAt`, when given, is the state the editor read: a change since is refused (409).
     * Answers the item as stored.
     */
    async save({ updatedAt: seen, ...input }: ProductInput): Promise<Product> {
      const id = input.id ?? `p-${crypto.randomUUID().slice(0, 8)}`;
      const current = await getSynced<Product>(catalog, id);
      if (seen !== undefined && current && current.updatedAt !== seen)
        throw new HttpError(409, 'Товар успели изменить (например, продали букет): откройте его заново и повторите правку');
      await checkImages(input.images, current);
      await checkArt(input.art, id);
      const saved = product.parse({ ...input, id, updatedAt: Date.now() });
      let stale = false;
      await upsert<Omit<Product, 'id'>>(catalog, id, (stored) => {
        stale = seen !== undefined && stored !== null && stored.updatedAt !== seen;
        // The count is the stock ledger's projection: it moves only through the correction below.
        return stale ? null : toSynced({ ...saved, count: stored ? stored.count : saved.count });
      });
      if (stale) throw new HttpError(409, 'Товар успели изменить (например, продали букет): откройте его заново и повторите правку');
      // Staff counted the shelf: a correction in the ledger, so orders placed meanwhile are not undone.
      await stock.setCount(id, saved.count, `fix-${crypto.randomUUID()}`);
      index.invalidate();
      return (await getSynced<Product>(catalog, id)) ?? saved;
    },

    async remove(id: string): Promise<void> {
      if (!(await getDoc(catalog, id))) throw notFound('Товар не найден');
      await removeDoc(catalog, id);
      index.invalidate();
    },
  };
};
export type ItemService = ReturnType<typeof itemService>;
