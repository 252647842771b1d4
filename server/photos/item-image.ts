import crypto from 'node:crypto';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { decodeQueue } from './decode-queue';
import { imageHeader } from './photo-image';

// libvips's threads per image: one, so the one decode the queue lets run takes one core and leaves the other to the
// shop. sharp's default is the number of cores, except on glibc without jemalloc (where it is already 1).
sharp.concurrency(1);

/** The largest upload of a catalogue picture: a phone's photo as it is, not resized on the device. */
export const maxUploadBytes = 10 * 1024 * 1024;
/**
 * Pixels a picture may have: 25 megapixels, which a phone's photo fits (12 MP, or the 24 MP of the newer iPhones,
 * 5712×4284) and a camera's 24 MP (6000×4000) too; the storefront draws at most 1200 px of it. Refused from its header
 * before decoding, so a small file of a huge canvas (an image bomb) costs nothing, and a decode costs at most ~100 MB.
 */
export const maxUploadPixels = 25_000_000;

/**
 * The sizes the storefront draws, the longest side in pixels: the product page (600 px, twice for dense screens) and
 * the card in a list (300 px, twice). `image` is what `/api/photos/{id}` serves, `card` what `/api/photos/{id}/card` does.
 */
const itemImageSizes = { image: 1200, card: 600 } as const;
export type ItemImageSize = keyof typeof itemImageSizes;

export interface ItemImage {
  /** From the uploaded bytes' hash: the same photo uploaded twice is one picture, and its address never changes content. */
  id: string;
  width: number;
  height: number;
  renditions: Record<ItemImageSize, Buffer>;
}

const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} МБ`;

/** An upload whose bytes and header passed the checks that cost nothing: what may be decoded. */
interface CheckedUpload {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The checks of an uploaded catalogue picture that read no pixel: something was sent, at most `maxUploadBytes`, a
 * JPEG, PNG or WebP by its magic numbers, its header declaring at most `maxUploadPixels`. Refused in Russian: 400 for
 * what is not an image, 413 for what is too large.
 */
export const checkedUpload = (bytes: Buffer): CheckedUpload => {
  if (!bytes.length) throw new HttpError(400, 'Пришлите фото файлом: JPEG, PNG или WebP');
  if (bytes.length > maxUploadBytes) throw new HttpError(413, `Фото слишком большое: не больше ${megabytes(maxUploadBytes)}`);
  const { width, height } = imageHeader(bytes);
  if (width * height > maxUploadPixels)
    throw new HttpError(413, `Фото слишком большое: ${width}×${height} точек, можно не больше ${maxUploadPixels / 1_000_000} мегапикселей`);
  return { bytes, width, height };
};

const webp = (pixels: Buffer, raw: sharp.Raw, side: number) =>
  sharp(pixels, { raw }).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

/**
 * A checked upload decoded and resized, in turn in the process's decode queue (503 when it is full): libvips (sharp,
 * with the same pixel limit as a second guard) decodes it once, turns it upright by its EXIF orientation and shrinks it
 * to the largest size; each size is written as WebP from those pixels, metadata dropped. A file whose header passed
 * but whose data does not decode is refused 400 «Фото повреждено».
 */
export const itemImage = async ({ bytes }: CheckedUpload): Promise<ItemImage> => {
  const id = `i${crypto.createHash('sha256').update(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)).digest('base64url').slice(0, 40)}`;
  return decodeQueue.run(async () => {
    try {
      const largest = Math.max(...Object.values(itemImageSizes));
      const { data, info } = await sharp(bytes, { limitInputPixels: maxUploadPixels })
        .rotate()
        .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const raw = { width: info.width, height: info.height, channels: info.channels };
      const [image, card] = await Promise.all([webp(data, raw, itemImageSizes.image), webp(data, raw, itemImageSizes.card)]);
      return { id, width: info.width, height: info.height, renditions: { image, card } };
    } catch {
      throw new HttpError(400, 'Фото повреждено: его не удалось прочитать');
    }
  });
};
