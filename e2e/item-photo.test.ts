import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import type { Product } from '../schema/shop/product';
import { demoProducts } from '../server/seed/products';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor, waitForOfflineReady } from './journeys';
import { contextAs } from './admin-journeys';

/** The product page's main picture: its address, and whether the browser has drawn it. */
const mainPicture = (page: Page) =>
  page.locator('.product__gallery > img').evaluate((img: HTMLImageElement) => ({ src: img.getAttribute('src'), drawn: img.complete && img.naturalWidth > 0 }));

/**
 * Issue 19, item 1: an admin uploads a photo to an item at /admin/items, puts it first with the buttons, and a customer
 * whose page is open sees it come in through the catalogue sync, and still sees it offline after a reload.
 */
describe('a catalogue photo from the back-office to the storefront', () => {
  const journey = journeyPerFile();

  it('an admin uploads a photo to an item and a customer sees it on the storefront, offline too after sync', async () => {
    const item = demoProducts.find((p) => p.isActive && !p.isHidden && p.images.length > 0)!;
    const customer = await journey().newContext(phoneViewport);
    const shopper = await customer.newPage();
    const shopperErrors = watchErrors(shopper);
    await shopper.goto(`/items/${item.id}`);
    await shopper.getByRole('heading', { name: item.name }).waitFor();
    await waitForOfflineReady(shopper);
    expect((await mainPicture(shopper)).src).toBe(item.images[0].url);

    const admin = await contextAs(journey(), demoPhones.admin, undefined, { serviceWorker: false });
    const office = await admin.newPage();
    const officeErrors = watchErrors(office);
    await office.goto('/admin');
    await office.getByRole('link', { name: 'Позиции' }).first().click();
    await office.getByRole('heading', { name: 'Позиции' }).waitFor();
    await office.getByRole('searchbox', { name: 'Поиск' }).fill(item.art);
    await office.getByRole('link', { name: item.name }).click();
    await office.getByRole('heading', { name: `Позиция: ${item.name}` }).waitFor();

    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 190, g: 30, b: 80 } } }).jpeg().toBuffer();
    await office.locator('input[type=file]').setInputFiles({ name: 'пионы.jpg', mimeType: 'image/jpeg', buffer: photo });
    const uploaded = office.getByRole('img', { name: `Фото ${item.images.length + 1}` });
    await uploaded.waitFor();
    // To the front with the keyboard: «раньше» until it is the first.
    for (let i = item.images.length + 1; i > 1; i--) {
      await office.getByRole('button', { name: `Фото ${i}: раньше` }).focus();
      await office.keyboard.press('Enter');
    }
    await office.getByRole('img', { name: 'Фото 1, на карточке' }).waitFor();
    expect(await office.getByRole('img', { name: 'Фото 1, на карточке' }).getAttribute('src')).toMatch(/^\/api\/photos\/i[\w-]{40}\/card$/);
    await office.getByRole('button', { name: 'Сохранить' }).click();
    await office.getByRole('heading', { name: 'Позиции' }).waitFor();

    // The customer's open page follows the catalogue sync: the new photo, drawn.
    const shown = await waitFor('the new photo on the customer’s page', async () => {
      const picture = await mainPicture(shopper);
      return picture.src?.startsWith('/api/photos/i') && picture.drawn ? picture : null;
    });
    const stored = (await (await fetch(`${journey().shop.url}/api/items/get`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: item.id }) })).json()) as { data: { images: { url: string }[] } };
    expect(stored.data.images.map((i) => i.url)).toEqual([shown.src, ...item.images.map((i) => i.url)]);

    // Offline, after a reload: the page from the device, the photo from what the browser kept.
    await customer.setOffline(true);
    await shopper.reload();
    await shopper.getByRole('heading', { name: item.name }).waitFor();
    await waitFor('the photo drawn offline', async () => {
      const picture = await mainPicture(shopper);
      return picture.src === shown.src && picture.drawn;
    });
    expect(officeErrors).toEqual([]);
    expect(shopperErrors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await customer.close();
    await admin.close();
  });

  it('a florist filters the list by the address and edits price and stock in the row; a stale row is refused in Russian', async () => {
    const item = demoProducts.find((p) => p.isActive && !p.isHidden && p.category === 'monobouquets')!;
    const florist = await contextAs(journey(), demoPhones.florist, phoneViewport, { serviceWorker: false });
    const page = await florist.newPage();
    await page.goto(`/admin/items?q=${encodeURIComponent(item.art)}&f=${encodeURIComponent(JSON.stringify({ category: 'monobouquets', active: 'true' }))}`);
    await page.getByRole('heading', { name: 'Позиции' }).waitFor();
    expect(await page.getByLabel('Категория').inputValue()).toBe('monobouquets');
    const price = page.getByLabel(`Цена: ${item.name}`);
    await price.waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await price.fill('4321');
    await price.press('Enter');
    await page.getByText(`«${item.name}»: сохранено`).waitFor();
    const cookie = await signIn(journey().shop.url, demoPhones.florist);
    const stored = async () => (await call<{ data: Product }>(journey().shop.url, '/api/items/get', { id: item.id }, cookie)).body.data;
    expect((await stored()).price).toBe(4321);

    // Someone else changes the item: the row's edit, made from what it read before, is refused with the reason.
    const now = await stored();
    expect((await call(journey().shop.url, '/api/items/update', { ...now, name: `${now.name} ` }, cookie)).status).toBe(200);
    const count = page.getByLabel(`Остаток: ${item.name}`);
    await count.fill('7');
    await count.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Товар успели изменить' }).waitFor();
    expect((await stored()).count).toBe(now.count);
    await florist.close();
  });
});
