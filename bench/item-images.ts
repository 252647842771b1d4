import sharp from 'sharp';
import { imageHeader } from '../server/photos/photo-image';
import { photoStore } from '../server/photos/photos';
import { demoPhones, signIn, startTestShop } from '../server/testing/test-shop';
import { median, row, timed } from './load';

/** A phone's photo: 4000×3000 with fine grain (as a real photo compresses), each one's bytes its own. */
const phonePhotos = (n: number) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120 + i, sigma: 18 } } }).png().toBuffer();
      return sharp(grain).modulate({ hue: i * 7 }).jpeg({ quality: 88 }).toBuffer();
    }),
  );

/**
 * A catalogue photo uploaded through POST /api/items/upload-image (checked, decoded, turned upright, resized to the two
 * sizes, stored) per megabyte uploaded, beside the same bytes stored as they came, the order photos' way (header
 * check and one attachment), in the same shop and run.
 */
export const benchItemImageUpload = async (runs = 7) => {
  const shop = await startTestShop();
  const florist = await signIn(shop.url, demoPhones.florist);
  const photos = await phonePhotos(runs * 2 + 1);
  const megabytes = photos[0].length / 1024 / 1024;
  const store = photoStore(shop.shop.storage);
  const upload = async (bytes: Buffer) => {
    const res = await fetch(`${shop.url}/api/items/upload-image`, { method: 'POST', headers: { 'content-type': 'image/jpeg', cookie: florist }, body: new Uint8Array(bytes) });
    if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  };
  await upload(photos[runs * 2]); // warm: libvips loaded, the database open
  const uploads: number[] = [];
  const asCame: number[] = [];
  for (let i = 0; i < runs; i++) {
    const bytes = photos[i];
    uploads.push((await timed(() => upload(bytes)))[0] / (bytes.length / 1024 / 1024));
    const plain = photos[runs + i];
    asCame.push((await timed(() => store.put(`bench-order-photo-${String(i).padStart(8, '0')}`, imageHeader(plain), 'bench-order')))[0] / (plain.length / 1024 / 1024));
  }
  row(`item photo upload + resize, per MB (${megabytes.toFixed(1)} MB, 12 MP)`, `${median(uploads).toFixed(1)} ms`, 'the bytes stored as they came, per MB', `${median(asCame).toFixed(1)} ms`, median(uploads) / median(asCame));
  await shop.close();
};
