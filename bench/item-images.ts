import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageHeader } from '../server/photos/photo-image';
import { photoStore } from '../server/photos/photos';
import { demoPhones, signIn, startTestShop } from '../server/testing/test-shop';
import { maxUploadPixels } from '../server/photos/item-image';
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

/**
 * The largest PNG a catalogue upload may be (6000×4000, 24 MP) that still fits the 10 MB body: blocks of 8×8 pixels
 * of one colour each, so it compresses to ~3 MB and decodes as any 24 MP PNG does (every pixel inflated and filtered).
 */
const bigPngs = (n: number) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const blocks = await sharp({ create: { width: 750, height: 500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 100 + i * 4, sigma: 40 } } })
        .png()
        .toBuffer();
      return sharp(blocks).resize(6000, 4000, { kernel: 'nearest' }).png().toBuffer();
    }),
  );

/**
 * The home page's answer time while `n` of the largest PNGs a catalogue upload may be are uploaded at once (issue 27,
 * item 7: eight of them kept it waiting 13–20 s), beside the same page with no upload running, in the same shop and
 * run; and the last of the `n` uploads done, beside one upload alone. The page is GET / drawn by the server when the
 * client is built (dist/); without a build (GET / answers 503 «Клиент не собран»), what it reads: the catalogue's first
 * page (/api/items/list) and the store (/api/health).
 */
export const benchHomeWhileUploading = async (n = 8) => {
  const shop = await startTestShop();
  const florist = await signIn(shop.url, demoPhones.florist);
  const pngs = await bigPngs(n + 1);
  if (6000 * 4000 > maxUploadPixels) throw new Error('the bench uploads more pixels than an upload may have');
  const built = fs.existsSync(path.resolve(process.env.DIST_DIR ?? 'dist', 'index.html'));
  const ok = async (res: Response) => {
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.url} answered ${res.status}`);
  };
  const home = built
    ? async () => ok(await fetch(`${shop.url}/`))
    : async () => {
        await ok(await fetch(`${shop.url}/api/items/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ params: { skip: 0, limit: 20 }, query: {} }) }));
        await ok(await fetch(`${shop.url}/api/health`));
      };
  const upload = async (bytes: Buffer) =>
    ok(await fetch(`${shop.url}/api/items/upload-image`, { method: 'POST', headers: { 'content-type': 'image/png', cookie: florist }, body: new Uint8Array(bytes) }));
  /** The home page asked again and again, 50 ms apart, until `until` settles, or for `until` milliseconds. */
  const probe = async (until: Promise<unknown> | number) => {
    let over = false;
    if (typeof until === 'number') setTimeout(() => (over = true), until);
    else void until.finally(() => (over = true));
    const took: number[] = [];
    while (!over) {
      took.push((await timed(home))[0]);
      await new Promise((r) => setTimeout(r, 50));
    }
    return took;
  };

  await home(); // the renderer loaded, the stores open
  const [alone] = await timed(() => upload(pngs[n])); // also warms libvips and the photos database
  const quiet = await probe(3000);
  const all = timed(() => Promise.all(pngs.slice(0, n).map(upload)));
  const busy = await probe(all);
  const [last] = await all;
  const page = built ? 'home page (GET /)' : 'home page’s reads';
  row(`${page} during ${n} × 24 MP PNG uploads, median`, `${median(busy).toFixed(0)} ms`, 'no upload running, median', `${median(quiet).toFixed(0)} ms`, median(busy) / median(quiet));
  row(`${page} during ${n} × 24 MP PNG uploads, worst`, `${Math.max(...busy).toFixed(0)} ms`, 'no upload running, worst', `${Math.max(...quiet).toFixed(0)} ms`, Math.max(...busy) / Math.max(...quiet));
  row(`${n} × 24 MP PNG uploads at once, the last done`, `${last.toFixed(0)} ms`, 'one upload alone', `${alone.toFixed(0)} ms`, last / alone);
  await shop.close();
};
