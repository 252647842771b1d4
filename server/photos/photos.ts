import { z } from 'zod';
import { isConflict, isNotFound } from '../db/docs';
import type { Storage } from '../db/storage';
import type { ItemImage, ItemImageSize } from './item-image';
import type { PhotoImage, PhotoType } from './photo-image';

/**
 * Where photos are kept: a server-only database, each photo an attachment (PouchDB and CouchDB alike), so every app
 * server sharing the store serves the same ones. Two kinds: an order's bouquet photo (`order`) and a catalogue item's
 * uploaded picture (`item: true`, one attachment per size of server/photos/item-image.ts).
 */
const photosDb = 'photos';

/** The address the order and the customer's /my show. */
const photoUrl = (id: string) => `/api/photos/${id}`;

const photoDoc = z.object({ type: z.enum(['image/jpeg', 'image/png', 'image/webp']) });
const photoSizes = z.object({ _attachments: z.record(z.string(), z.unknown()) });
const photoOrder = z.object({ order: z.string() });
const itemPhoto = z.object({ item: z.literal(true) });

export const photoStore = (storage: Storage) => {
  const db = () => storage.db(photosDb);
  return {
    /**
     * Stores the photo of `order` under `id` unless it is there already (the same command processed again) and
     * answers its address; null when `id` is another order's photo: a photo belongs to one order, or one order's
     * command could show another customer's bouquet.
     */
    async put(id: string, image: PhotoImage, order: string): Promise<string | null> {
      try {
        await db().put({
          _id: id,
          type: image.type,
          width: image.width,
          height: image.height,
          order,
          createdAt: Date.now(),
          _attachments: { image: { content_type: image.type, data: image.bytes.toString('base64') } },
        });
      } catch (e) {
        if (!isConflict(e)) throw e;
        const stored = photoOrder.safeParse(await db().get(id));
        if (!stored.success || stored.data.order !== order) return null;
      }
      return photoUrl(id);
    },

    /**
     * Stores an uploaded catalogue picture, every size, under its content-hashed id and answers its address; the same
     * upload again (or from another app server at once) finds it stored. Null if the id is an order's photo.
     */
    async putItemImage(image: ItemImage): Promise<string | null> {
      const attachment = (bytes: Buffer) => ({ content_type: 'image/webp', data: bytes.toString('base64') });
      try {
        await db().put({
          _id: image.id,
          type: 'image/webp',
          width: image.width,
          height: image.height,
          item: true,
          createdAt: Date.now(),
          _attachments: { image: attachment(image.renditions.image), card: attachment(image.renditions.card) },
        });
      } catch (e) {
        if (!isConflict(e)) throw e;
        if (!(await this.isItemImage(image.id))) return null;
      }
      return photoUrl(image.id);
    },

    /** Whether `id` is an uploaded catalogue picture (not an order's photo, not unknown). */
    async isItemImage(id: string): Promise<boolean> {
      try {
        return itemPhoto.safeParse(await db().get(id)).success;
      } catch (e) {
        if (isNotFound(e)) return false;
        throw e;
      }
    },

    /** The photo's bytes at `size`; a photo kept in one size (an order's) answers that one for any size. */
    async get(id: string, size: ItemImageSize = 'image'): Promise<{ type: PhotoType; bytes: Buffer } | null> {
      try {
        const raw = await db().get(id);
        const doc = photoDoc.parse(raw);
        const stored = photoSizes.safeParse(raw);
        const data = await db().getAttachment(id, stored.success && size in stored.data._attachments ? size : 'image');
        return { type: doc.type, bytes: Buffer.isBuffer(data) ? data : Buffer.from(await (data as Blob).arrayBuffer()) };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
  };
};
