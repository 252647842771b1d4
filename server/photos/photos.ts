import { z } from 'zod';
import { isConflict, isNotFound } from '../db/docs';
import type { Storage } from '../db/storage';
import type { PhotoImage, PhotoType } from './photo-image';

/** Where photos are kept: a server-only database, each photo an attachment (PouchDB and CouchDB alike). */
export const photosDb = 'photos';

/** The address the order and the customer's /my show. */
export const photoUrl = (id: string) => `/api/photos/${id}`;

const photoDoc = z.object({ type: z.enum(['image/jpeg', 'image/png', 'image/webp']) });
const photoOrder = z.object({ order: z.string() });

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

    async get(id: string): Promise<{ type: PhotoType; bytes: Buffer } | null> {
      try {
        const doc = photoDoc.parse(await db().get(id));
        const data = await db().getAttachment(id, 'image');
        return { type: doc.type, bytes: Buffer.isBuffer(data) ? data : Buffer.from(await (data as Blob).arrayBuffer()) };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
  };
};
export type PhotoStore = ReturnType<typeof photoStore>;
