import { HttpError } from '../http/errors';

/** The largest photo the server keeps, and the largest side: the device resizes before sending (docs/DECISIONS.md). */
const maxPhotoBytes = 1024 * 1024;
const maxPhotoSide = 2560;

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface PhotoImage {
  type: PhotoType;
  bytes: Buffer;
  width: number;
  height: number;
}

const dataUrl = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/** What the bytes are, whatever the data URL claims. */
const sniff = (b: Buffer): PhotoType | null => {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
};

const pngSize = (b: Buffer) => (b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR' ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null);

/** The frame header (SOF0–SOF15 but DHT, JPG and DAC) carries the size; markers before it are skipped by length. */
const jpegSize = (b: Buffer) => {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
};

const webpSize = (b: Buffer) => {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && b.length >= 30) return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30) return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
};

/**
 * What `bytes` are by their magic numbers (JPEG, PNG or WebP, whatever the sender claims) and the size their header
 * declares; refused in Russian otherwise. Nothing is decoded beyond the header, so a crafted file costs nothing here.
 */
export const imageHeader = (bytes: Buffer): PhotoImage => {
  const type = sniff(bytes);
  if (!type) throw new HttpError(400, 'Файл не похож на фото: нужен JPEG, PNG или WebP');
  const size = type === 'image/png' ? pngSize(bytes) : type === 'image/jpeg' ? jpegSize(bytes) : webpSize(bytes);
  if (!size || !size.width || !size.height) throw new HttpError(400, 'Фото повреждено: не удалось прочитать его размер');
  return { type, bytes, ...size };
};

/**
 * A photo sent as a data: URL, checked by its bytes to be a JPEG, PNG or WebP of a size the shop keeps; refused in
 * Russian otherwise. Nothing is decoded beyond the header, so a crafted file cannot make the server work hard.
 */
export const photoImage = (url: string): PhotoImage => {
  const match = dataUrl.exec(url);
  if (!match) throw new HttpError(400, 'Фото должно быть изображением JPEG, PNG или WebP');
  const bytes = Buffer.from(match[2], 'base64');
  if (bytes.length > maxPhotoBytes) throw new HttpError(413, `Фото слишком большое: не больше ${maxPhotoBytes / 1024 / 1024} МБ`);
  const image = imageHeader(bytes);
  if (image.width > maxPhotoSide || image.height > maxPhotoSide)
    throw new HttpError(413, `Фото слишком большое: не больше ${maxPhotoSide} точек по стороне`);
  return image;
};
