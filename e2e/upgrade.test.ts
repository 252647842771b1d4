import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import type { BrowserContext } from 'playwright-core';
import { journeyPerFile, watchErrors } from './harness';
import { ordersOnServer, signInThroughDialog, waitFor } from './journeys';
import { demoProducts } from '../server/seed/products';
import { nextDay, today } from '../schema/shared/day';

const product = demoProducts.find((p) => p.id === 'p-001')!;
const customer = '79005554433';
const cartLine = { id: product.id, art: product.art, name: product.name, image: '', price: product.price, count: 2, priceFactor: 1 };
const guestCart = { owner: 'undefined', cart: { [product.art]: cartLine } };
const waitingOrder = {
  id: 'outbox-upgrade-journey-1', owner: customer, createdAt: 1, lines: [{ id: product.id, count: 1 }], sender: { name: 'Вера', phone: customer },
  recipient: { name: 'Ольга', phone: '79440000009' }, delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00',
  postcard: '', anonymous: false, comment: '', payment: 'cash',
};
/** The device's old copy of a product, as the server no longer has it. */
const staleProduct = { ...product, name: 'Букет из старого каталога' };

/** e2e/old-device/write-store.ts for the browser: it writes IndexedDB the way another build of the shop did. */
const bundleOldDevice = async (): Promise<string> => {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { write: false, lib: { entry: path.resolve('e2e/old-device/write-store.ts'), formats: ['iife'], name: 'oldDevice' } },
  });
  const [result] = Array.isArray(out) ? out : [out];
  const chunk = (result as { output: { type: string; code?: string }[] }).output.find((c) => c.type === 'chunk');
  return chunk!.code!.replaceAll('</script', '<\\/script');
};

/** Leaves in the context's IndexedDB what an old or foreign build wrote, from a page of the shop's own origin. */
const writeOldStore = async (context: BrowserContext, script: string, kind: 'v0' | 'foreign' | 'products-v1') => {
  const order = { kind, carts: [guestCart], pendingOrders: [waitingOrder], products: [staleProduct] };
  await context.route('**/__old-device', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><title>old</title><script>window.oldDevice = ${JSON.stringify(order)}</script><script>${script}</script>` }),
  );
  const page = await context.newPage();
  await page.goto('/__old-device');
  await page.waitForFunction(() => document.title !== 'old');
  expect(await page.title()).toBe('written');
  await page.close();
};

/** A returning visitor's browser holds a store another build wrote: the shop opens it, or offers a way out. */
describe('a device store written by another build', () => {
  const journey = journeyPerFile();
  let oldDevice: string;
  beforeAll(async () => {
    oldDevice = await bundleOldDevice();
  });

  it('written before versioning: upgrades, keeps the cart and sends the outbox, and shows the catalogue pulled again', async () => {
    const context = await journey().newContext();
    await writeOldStore(context, oldDevice, 'v0');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
    await page.goto(`/items/${product.id}`);
    await page.getByRole('heading', { name: product.name }).waitFor();
    expect(await page.getByText(staleProduct.name).count()).toBe(0);

    expect(await ordersOnServer(journey().shop, customer)).toHaveLength(0);
    await signInThroughDialog(page, journey().shop, customer);
    await waitFor('the order from the outbox on the server', async () => (await ordersOnServer(journey().shop, customer)).length > 0);
    expect((await ordersOnServer(journey().shop, customer)).map((o) => o._id)).toEqual([waitingOrder.id]);
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
    await context.close();
  });

  it('written before an item had its own care (products at version 1): opens, keeps the cart, and shows the catalogue pulled again with its care', async () => {
    const context = await journey().newContext();
    await writeOldStore(context, oldDevice, 'products-v1');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/items/${product.id}`);
    await page.getByRole('heading', { name: product.name }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
    // The device's own copy, pulled again at version 2: the server's name, not the stale one, and the care the page shows.
    await waitFor('the product pulled again into the device', () =>
      page.evaluate(async (id) => {
        const data = (window as unknown as { shopData?: { shop: { products: { findOne(id: string): { exec(): Promise<{ name: string } | null> } } } } }).shopData;
        return (await data?.shop.products.findOne(id).exec())?.name ?? null;
      }, product.id).then((name) => name === product.name),
    );
    expect(await page.getByRole('heading', { name: 'Уход' }).count()).toBe(1);
    expect(await page.getByText(staleProduct.name).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('that cannot be opened: says so in Russian, and clearing it keeps the cart', async () => {
    const context = await journey().newContext();
    await writeOldStore(context, oldDevice, 'foreign');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Не удалось открыть данные магазина на этом устройстве' }).waitFor();
    await page.getByRole('button', { name: 'Обновить' }).waitFor();
    await page.getByRole('button', { name: 'Очистить данные на устройстве и загрузить заново' }).click();
    await page.getByRole('heading', { name: 'Хиты продаж' }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: '2' }).waitFor();
    await context.close();
  });
});
