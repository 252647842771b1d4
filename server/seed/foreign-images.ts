import { z } from 'zod';
import { isShopImagePath } from '../../schema/shared/image-path';
import type { Shop } from '../context';
import { stripMeta, upsert } from '../db/docs';

const withImages = z.looseObject({ images: z.array(z.looseObject({ url: z.unknown() })) });
const withPageImage = z.looseObject({ value: z.looseObject({ image: z.unknown() }) });
const own = (url: unknown) => typeof url === 'string' && isShopImagePath(url);

/**
 * At start, before the shop serves: pictures stored before their addresses were checked (schema/shared/image-path.ts) that are
 * not the shop's own are dropped from their products and pages, so no page, link preview or device shows them (devices
 * pull the changed documents). Only a document holding one is written; processes starting at once write the same.
 */
export const dropForeignImages = async (shop: Shop): Promise<void> => {
  const catalog = shop.storage.db('catalog');
  const foreign = (doc: unknown) => {
    const found = withImages.safeParse(doc);
    return found.success && !found.data.images.every((i) => own(i.url)) ? found.data.images : null;
  };
  for (const { id, doc } of (await catalog.allDocs({ include_docs: true })).rows) {
    if (!foreign(doc)) continue;
    await upsert<object>(catalog, id, (current) => {
      const images = foreign(current);
      return current && images ? { ...stripMeta(current), images: images.filter((i) => own(i.url)), updatedAt: Date.now() } : null;
    });
  }

  const pages = shop.storage.db('pages');
  const foreignPage = (doc: unknown) => {
    const found = withPageImage.safeParse(doc);
    return found.success && found.data.value.image !== undefined && !own(found.data.value.image) ? found.data : null;
  };
  for (const { id, doc } of (await pages.allDocs({ include_docs: true })).rows) {
    if (!foreignPage(doc)) continue;
    await upsert<object>(pages, id, (current) => {
      const page = foreignPage(current);
      if (!current || !page) return null;
      const { image: _dropped, ...value } = page.value;
      return { ...stripMeta(current), value, updatedAt: Date.now() };
    });
  }
};
