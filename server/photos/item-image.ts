import crypto from 'node:crypto';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { imageHeader } from './photo-image';

/** The largest upload of a catalogue picture: a phone's photo as it is, not resized on the device. */
export const maxUploadBytes = 10 * 1024 * 1024;
/** Pixels a picture may have: refused from its header before decoding, so a small file of a huge canvas (an image bomb) costs nothing. */
export const maxUploadPixels = 40_000_000;

/**
 * The sizes the storefront draws, the longest side in pixels: the product page (600 px, twice for dense screens) and
 * the card in a list (300 px, twice). `image` is what `/api/photos/{id}` serves, `card` what `/api/photos/{id}/card` does.
 */
export const itemImageSizes = { image: 1200, card: 600 } as const;
export type ItemImageSize = keyof typeof itemImageSizes;

export interface ItemImage {
  /** From the uploaded bytes' hash: the same photo uploaded twice is one picture, and its address never changes content. */
  id: string;
  width: number;
  height: number;
  renditions: Record<ItemImageSize, Buffer>;
}

const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} МБ`;

/**
 * An uploaded picture of a catalogue item, checked and resized: its bytes are a JPEG, PNG or WebP by their magic
 * numbers, its header declares at most `maxUploadPixels`, then libvips (sharp, with the same pixel limit as a second
 * guard) decodes it, turns it upright by its EXIF orientation and writes each size as WebP, metadata dropped.
 * Anything else is refused in Russian: 400 for what is not an image or is broken, 413 for what is too large.
 */
export const itemImage = async (bytes: Buffer): Promise<ItemImage> => {
  if (!bytes.length) throw new HttpError(400, 'Пришлите фото файлом: JPEG, PNG или WebP');
  if (bytes.length > maxUploadBytes) throw new HttpError(413, `Фото слишком большое: не больше ${megabytes(maxUploadBytes)}`);
  const header = imageHeader(bytes);
  if (header.width * header.height > maxUploadPixels)
    throw new HttpError(413, `Фото слишком большое: ${header.width}×${header.height} точек, можно не больше ${maxUploadPixels / 1_000_000} мегапикселей`);
  const id = `i${crypto.createHash('sha256').update(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)).digest('base64url').slice(0, 40)}`;
  try {
    const source = sharp(bytes, { limitInputPixels: maxUploadPixels }).rotate();
    const sized = async (side: number) =>
      source.clone().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    const [image, card] = await Promise.all([sized(itemImageSizes.image), sized(itemImageSizes.card)]);
    return { id, width: image.info.width, height: image.info.height, renditions: { image: image.data, card: card.data } };
  } catch {
    throw new HttpError(400, 'Фото повреждено: его не удалось прочитать');
  }
};
