import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Product } from '../../schema/shop/product';
import { decodeQueue, decodesWaiting } from '../photos/decode-queue';
import { maxUploadBytes } from '../photos/item-image';
import { uploadRateMessage } from '../photos/item-upload';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

/** A photo as a phone takes it: a JPEG larger than any size the storefront draws. */
const phonePhoto = (width: number, height: number, hue = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: hue, b: 90 } } }).jpeg({ quality: 90 }).toBuffer();

/** A PNG whose header declares `side`×`side` pixels over a few bytes of data: an image bomb if anyone decoded it. */
const bombPng = (side: number) => {
  const png = Buffer.alloc(8 + 25 + 64);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0);
  png.writeUInt32BE(13, 8);
  png.write('IHDR', 12, 'latin1');
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.set([8, 2, 0, 0, 0], 24);
  return png;
};

describe('a catalogue item’s pictures are uploads (issue 19, item 1)', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let florist: string;
  const upload = (bytes: Buffer, type = 'image/jpeg', cookie: string | null = florist) =>
    fetch(`${shops.a.url}/api/items/upload-image`, { method: 'POST', headers: { 'content-type': type, ...(cookie ? { cookie } : {}) }, body: new Uint8Array(bytes) });
  const uploaded = async (bytes: Buffer) => {
    const answer = await upload(bytes);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { url: string } }).data.url;
  };

  beforeAll(async () => {
    shops = await startTwoShops();
    florist = await signIn(shops.a.url, demoPhones.florist);
  }, 60_000);
  afterAll(() => shops?.close());

  it('resizes an upload to the storefront’s sizes, stores it beside the data and serves it with a year’s caching from every app server', async () => {
    const url = await uploaded(await phonePhoto(3000, 2000));
    expect(url).toMatch(/^\/api\/photos\/i[A-Za-z0-9_-]{40}$/);
    // The other app server has nothing on its disk: it reads the picture from the shared store.
    for (const [path, width, height] of [[url, 1200, 800], [`${url}/card`, 600, 400]] as const) {
      const answer = await fetch(`${shops.b.url}${path}`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height], path).toEqual(['webp', width, height]);
    }
    // The address is the bytes' hash: the same photo again is the same picture, another photo another one.
    expect(await uploaded(await phonePhoto(3000, 2000))).toBe(url);
    expect(await uploaded(await phonePhoto(3000, 2000, 120))).not.toBe(url);
    // A small picture is not enlarged.
    const small = await uploaded(await sharp({ create: { width: 320, height: 240, channels: 4, background: '#c33' } }).png().toBuffer());
    expect((await sharp(Buffer.from(await (await fetch(`${shops.a.url}${small}`)).arrayBuffer())).metadata()).width).toBe(320);
  });

  it('refuses what is not an image by its bytes, whatever its type says, with a Russian 400', async () => {
    for (const bytes of [Buffer.from('"><script>alert(1)</script>'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.alloc(0)]) {
      const answer = await upload(bytes, 'image/png');
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: string }).error).toMatch(/фото/i);
    }
    // JPEG's magic numbers and a readable header over bytes no decoder takes.
    const real = await phonePhoto(800, 600);
    const broken = Buffer.alloc(4600, 0x55);
    real.copy(broken, 0, 0, 600);
    const answer = await upload(broken);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/Фото повреждено/);
  });

  it('refuses an image bomb by its header and a file over the limit before reading it, with a Russian 413', async () => {
    const bomb = await upload(bombPng(30_000));
    expect(bomb.status).toBe(413);
    expect(((await bomb.json()) as { error: string }).error).toMatch(/30000×30000 точек/);
    const huge = await upload(Buffer.alloc(maxUploadBytes + 1, 0xff));
    expect(huge.status).toBe(413);
  });

  it('refuses a picture over 25 megapixels by its header, naming its size, and takes a phone’s 24 MP photo (issue 27, item 7)', async () => {
    const big = await upload(await phonePhoto(7200, 5000));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe('Фото слишком большое: 7200×5000 точек, можно не больше 25 мегапикселей');
    const url = await uploaded(await phonePhoto(5712, 4284));
    const meta = await sharp(Buffer.from(await (await fetch(`${shops.a.url}${url}`)).arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
  });

  it('answers 503 in Russian while the process has a decode running and 16 waiting, and takes the upload once they are done (issue 27, item 7)', async () => {
    const photo = await phonePhoto(640, 480, 77);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // This test's shops run in its process: their decodes go through this queue, now held.
    const held = Array.from({ length: decodesWaiting + 1 }, () => decodeQueue.run(() => gate));
    const refused = await upload(photo);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: string }).error).toBe('Сервер сейчас обрабатывает много фото: в очереди уже 16, попробуйте через минуту');
    release();
    await Promise.all(held);
    await uploaded(photo);
  });

  it('takes uploads from staff only', async () => {
    const photo = await phonePhoto(400, 300);
    expect((await upload(photo, 'image/jpeg', null)).status).toBe(401);
    const customer = await signIn(shops.a.url, '79161234567');
    expect((await upload(photo, 'image/jpeg', customer)).status).toBe(403);
  });

  it('lets /api/items/update show only uploads of ours, keeping the pictures an item already has', async () => {
    const url = await uploaded(await phonePhoto(1000, 1000, 200));
    const input = { art: 'UP-1', name: 'Букет с загруженным фото', images: [{ url }], price: 2500, count: 3, category: 'authors', itemType: 'bouquet' };
    const created = await call<{ data: Product }>(shops.a.url, '/api/items/update', input, florist);
    expect(created.status).toBe(200);
    expect(created.body.data.images).toEqual([{ url }]);

    // Addresses of the right shape that are no upload: made up, another order's photo, a drawn picture added by hand.
    for (const other of ['/api/photos/AbCdEf0123456789_-xy', '/img/bouquet/own-1.svg']) {
      const refused = await call<{ error: string }>(shops.a.url, '/api/items/update', { ...created.body.data, images: [{ url }, { url: other }] }, florist);
      expect(refused.status, other).toBe(400);
      expect(refused.body.error).toMatch(/только загруженное фото магазина/);
    }
    // A demo item keeps its drawn pictures through an edit, in a new order.
    const demo = (await call<{ data: { items: Product[] } }>(shops.a.url, '/api/items/list', { query: {} })).body.data.items.find((p) => p.images.length > 1)!;
    const reordered = await call<{ data: Product }>(shops.a.url, '/api/items/update', { ...demo, images: [...demo.images].reverse().concat({ url }) }, florist);
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.images.map((i) => i.url)).toEqual([...demo.images.map((i) => i.url)].reverse().concat(url));
  });

  it('refuses an article code another app server gave an item a moment ago with a Russian 409', async () => {
    const input = { art: 'UP-2', name: 'Первый', images: [], price: 2500, count: 1, category: 'authors', itemType: 'bouquet' };
    expect((await call(shops.a.url, '/api/items/update', input, florist)).status).toBe(200);
    const second = await call<{ error: string }>(shops.b.url, '/api/items/update', { ...input, name: 'Второй' }, await signIn(shops.b.url, demoPhones.florist));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('Артикул UP-2 уже занят товаром «Первый»');
  });
});

describe('one person’s uploads per 10 minutes, counted in the store (issue 27, item 7)', () => {
  const limit = 3;
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let a: Awaited<ReturnType<typeof startTestShop>>;
  let b: Awaited<ReturnType<typeof startTestShop>>;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    a = await startTestShop({ couchUrl: couch.url, uploadsPerPersonPer10Min: limit });
    b = await startTestShop({ couchUrl: couch.url, uploadsPerPersonPer10Min: limit, seed: false });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await couch?.close();
  });

  const upload = (base: string, cookie: string, bytes: Buffer) =>
    fetch(`${base}/api/items/upload-image`, { method: 'POST', headers: { 'content-type': 'image/jpeg', cookie }, body: new Uint8Array(bytes) });

  it('refuses the upload past the limit with a Russian 429 on either app server; another person still uploads', async () => {
    // The window is a fixed ten minutes: start in a fresh one rather than across its end.
    const left = 10 * 60_000 - (Date.now() % (10 * 60_000));
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100));
    // One after another: a second code for the same phone would replace the first.
    const onA = await signIn(a.url, demoPhones.florist);
    const onB = await signIn(b.url, demoPhones.florist);
    const manager = await signIn(a.url, demoPhones.manager);
    const photos = await Promise.all([1, 2, 3, 4, 5].map((i) => phonePhoto(400, 300, i * 40)));
    // What is refused before decoding counts for nothing.
    expect((await upload(a.url, onA, Buffer.from('не фото'))).status).toBe(400);
    for (const [base, cookie, bytes] of [[a.url, onA, photos[0]], [b.url, onB, photos[1]], [a.url, onA, photos[2]]] as const)
      expect((await upload(base, cookie, bytes)).status).toBe(200);
    for (const [base, cookie] of [[b.url, onB], [a.url, onA]] as const) {
      const refused = await upload(base, cookie, photos[3]);
      expect(refused.status, base).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toBe(uploadRateMessage(limit));
    }
    expect(uploadRateMessage(limit)).toBe('Слишком много фото подряд: не больше 3 за 10 минут от одного человека, попробуйте позже');
    expect((await upload(a.url, manager, photos[4])).status).toBe(200);
  });
});
