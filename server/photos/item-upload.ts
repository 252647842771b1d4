import type { User } from '../../schema/shared/user';
import { limitRate } from '../auth/rate-limit';
import type { Shop } from '../context';
import { HttpError } from '../http/errors';
import { checkedUpload, itemImage } from './item-image';
import { photoStore } from './photos';

const windowMs = 10 * 60_000;

/** The refusal of one upload too many, naming the limit. */
export const uploadRateMessage = (limit: number) => `Слишком много фото подряд: не больше ${limit} за 10 минут от одного человека, попробуйте позже`;

/**
 * POST /api/items/upload-image: a staff member's upload of a catalogue picture, stored in every size, answered with
 * its address. What costs nothing is checked first (server/photos/item-image.ts `checkedUpload`) and counts for
 * nothing; an upload that will be decoded takes one of the person's places of the 10 minutes (in the store, so two app
 * servers count one person once: server/auth/rate-limit.ts), 429 beyond them; then it waits its turn in the process's
 * decode queue.
 */
export const itemUploads = (shop: Shop) => {
  const photos = photoStore(shop.storage);
  return {
    async upload(user: User, bytes: Buffer): Promise<string> {
      const upload = checkedUpload(bytes);
      const limit = shop.config.uploadsPerPersonPer10Min;
      await limitRate(shop.auth, `item-upload:${user.phone}`, limit, windowMs, uploadRateMessage(limit));
      const url = await photos.putItemImage(await itemImage(upload));
      if (!url) throw new HttpError(409, 'Это фото уже хранится как фото заказа');
      return url;
    },
  };
};
