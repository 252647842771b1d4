import crypto from 'node:crypto';
import { isShopImagePath } from '../../schema/shared/image-path';
import { product, type Product, type ProductInput } from '../../schema/shop/product';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { removeDoc, upsert } from '../db/docs';
import { allSynced, fromSynced, getSynced, toSynced } from '../db/synced';
import { HttpError, notFound } from '../http/errors';
import { photoStore } from '../photos/photos';
import type { StockService } from '../stock/stock';
import { articleCodes } from './article-codes';

const uploadedId = /^\/api\/photos\/([A-Za-z0-9_-]{16,64})$/;

/** What an item is made of, as its writer builds it: the service stamps its id and the time. */
export type ItemFields = Omit<ProductInput, 'id' | 'updatedAt'>;

const changedMeanwhile = () => new HttpError(409, 'Товар успели изменить (например, продали букет): откройте его заново и повторите правку');

/**
 * The one writer of the catalogue: /api/items/update and /delete, and whatever else makes a catalogue item (a
 * bouquet's tech card, when published: `publish-bouquet.ts`) go through here, so every item obeys the same rules:
 * - its fields are the product schema's;
 * - its pictures are uploads of ours (POST /api/items/upload-image), or ones it already shows (the drawn demo pictures);
 * - its article code is its own, claimed once across app servers (`article-codes.ts`) and given back when it changes
 *   or the item is deleted;
 * - an edit made from a state that has changed since (a sale took a unit) is refused, not applied over it;
 * - its count is the stock ledger's projection: a count staff type is a correction in the ledger, and a new item's
 *   first count is one correction, whoever makes the item first.
 */
export const itemService = (shop: Shop, index: CatalogIndex, stock: StockService) => {
  const catalog = shop.storage.db('catalog');
  const photos = photoStore(shop.storage);
  const codes = articleCodes(shop.storage);

  const checkImages = async (images: Product['images'], current: Product | null) => {
    const kept = new Set(current?.images.map((i) => i.url));
    for (const { url } of images) {
      if (kept.has(url)) continue;
      const upload = uploadedId.exec(url);
      if (!isShopImagePath(url) || !upload || !(await photos.isItemImage(upload[1])))
        throw new HttpError(400, 'Картинка: только загруженное фото магазина — загрузите файл, а не вписывайте адрес');
    }
  };

  /** A hint before the claim: an item stored before claims existed holds its code by the catalogue alone. */
  const checkArt = async (art: string, id: string) => {
    const holder = (await allSynced<Product>(catalog)).find((p) => p.art === art && p.id !== id);
    if (holder) throw new HttpError(409, `Артикул ${art} уже занят товаром «${holder.name}»`);
  };

  /**
   * Writes the item `id` as `build` makes it from what is stored (null: a new item), built again if another write
   * lands first; `seen`, when given, is the state the editor read. Answers the item as stored and whether it is new.
   */
  const write = async (id: string, build: (current: Product | null) => ItemFields, seen?: number): Promise<{ item: Product; created: boolean }> => {
    const current = await getSynced<Product>(catalog, id);
    if (seen !== undefined && current && current.updatedAt !== seen) throw changedMeanwhile();
    const wanted = product.parse({ ...build(current), id, updatedAt: Date.now() });
    await checkImages(wanted.images, current);
    await checkArt(wanted.art, id);
    const claimed = await codes.claim(wanted.art, id);
    let stale = false;
    let before = null as Product | null;
    try {
      await upsert<Omit<Product, 'id'>>(catalog, id, (stored) => {
        stale = seen !== undefined && stored !== null && stored.updatedAt !== seen;
        if (stale) return null;
        before = stored && fromSynced<Product>(stored);
        const next = product.parse({ ...build(before), art: wanted.art, id, updatedAt: Date.now() });
        // The count is the stock ledger's projection: it moves only through a correction.
        return toSynced({ ...next, count: stored ? stored.count : next.count });
      });
    } catch (e) {
      if (claimed) await codes.release(wanted.art, id);
      throw e;
    }
    if (stale) {
      if (claimed) await codes.release(wanted.art, id);
      throw changedMeanwhile();
    }
    const old = before;
    if (old && old.art !== wanted.art) await codes.release(old.art, id);
    if (!old) await stock.setCount(id, wanted.count, `fix-new-${id}`);
    index.invalidate();
    return { item: (await getSynced<Product>(catalog, id)) ?? wanted, created: !old };
  };

  return {
    /**
     * Makes or changes an item as staff typed it. `updatedAt`, when given, is the state the editor read: a change since
     * is refused (409). Answers the item as stored.
     */
    async save({ updatedAt: seen, id: given, ...fields }: ProductInput): Promise<Product> {
      const id = given ?? `p-${crypto.randomUUID().slice(0, 8)}`;
      const { item } = await write(id, () => fields, seen);
      // Staff counted the shelf: a correction in the ledger, so orders placed meanwhile are not undone.
      await stock.setCount(id, fields.count, `fix-${crypto.randomUUID()}`);
      return (await getSynced<Product>(catalog, id)) ?? item;
    },

    /** Makes or changes an item from what is stored (a published bouquet keeps its pictures and category): its count stays the ledger's. */
    change: write,

    async remove(id: string): Promise<void> {
      const current = await getSynced<Product>(catalog, id);
      if (!current) throw notFound('Товар не найден');
      await removeDoc(catalog, id);
      await codes.release(current.art, id);
      index.invalidate();
    },
  };
};
export type ItemService = ReturnType<typeof itemService>;
