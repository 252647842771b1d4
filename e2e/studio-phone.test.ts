import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextDay, today } from '../schema/shared/day';
import { orderTitle } from '../schema/studio/orders/order-number';
import { demoProducts } from '../server/seed/products';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { paperMoney } from '../client/ui/printed-paper';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs } from './admin-journeys';
import { orderOnServer, placeOrders } from './order-journeys';

/** The phone the outside review used: a 390 × 844 screen. */
const phone = { width: 390, height: 844 };
const tomorrow = nextDay(today());
const product = demoProducts.find((p) => p.id === 'p-001')!;

/** Elements of `selector` that stick out of the screen's width, or (with `wholly`) out of the first screen. */
const outside = (page: Page, selector: string, wholly = false) =>
  page.evaluate(
    ([selector, wholly]) =>
      [...document.querySelectorAll(selector)].flatMap((e) => {
        const r = e.getBoundingClientRect();
        const out = r.left < 0 || r.right > innerWidth || (wholly && (r.top < 0 || r.bottom > innerHeight));
        return out ? [`${e.tagName}.${e.className} ${Math.round(r.left)}…${Math.round(r.right)} × ${Math.round(r.top)}…${Math.round(r.bottom)}`] : [];
      }),
    [selector, wholly] as const,
  );

/** The storefront's footer and install prompt, which must not cover the studio's screens. */
const storefrontParts = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.footer, .banner')].map((e) => e.className));

/**
 * A florist's day on a 390 px phone (issue 18, item 13): the board shows orders on its first screen (its filters
 * fold behind one button), the couriers' day is not cut off, no storefront footer or install banner, the shift can
 * be closed, and she records a counter sale that reaches the server.
 */
describe('the studio on a 390 px phone', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows the board’s orders and the couriers’ day whole, without the storefront’s footer, and closes the shift', async () => {
    const { shop } = journey();
    const [paidOrder] = await placeOrders(shop, '79440000311', 3);
    const paid = await call(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: paidOrder.id, action: { kind: 'payment', status: 'paid', method: 'card' } }, await signIn(shop.url, demoPhones.manager));
    expect(paid.status).toBe(200);
    const context = await contextAs(journey(), demoPhones.florist, phone);
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`/admin/orders?from=${tomorrow}`);
    await page.getByRole('heading', { name: 'Заказы', level: 1 }).waitFor();
    const firstCard = page.locator('article.order-card').first();
    await firstCard.waitFor({ timeout: 30_000 });
    expect(await outside(page, 'article.order-card:first-of-type', true)).toEqual([]);
    expect(await storefrontParts(page)).toEqual([]);
    // The filters are a tap away.
    await page.getByRole('button', { name: 'Фильтры' }).click();
    await page.getByRole('searchbox').fill('Ольга 2');
    await waitFor('one card left', async () => (await page.locator('article.order-card').count()) === 1);
    expect(await page.getByRole('button', { name: 'Фильтры: 1' }).getAttribute('aria-expanded')).toBe('true');

    // A device that has pulled nothing yet opens the couriers' day: it says it loads, never «all assigned» (issue 29, item 6).
    const fresh = await contextAs(journey(), demoPhones.florist, phone);
    await fresh.addInitScript(() => {
      const seen = new Set<string>();
      new MutationObserver(() => {
        const text = document.body?.innerText ?? '';
        for (const verdict of ['Все доставки дня распределены', 'Загрузка…']) if (text.includes(verdict)) seen.add(verdict);
        document.documentElement.dataset.seen = [...seen].join('|');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const first = await fresh.newPage();
    // The studio's orders are held back until the screen has shown itself without them.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await first.route('**/db/studio-orders/**', async (route) => (await held, route.continue()));
    await first.goto(`/admin/couriers?day=${tomorrow}`);
    await first.getByRole('heading', { level: 1, name: /^Курьеры на / }).waitFor();
    await first.getByText('Загрузка…').waitFor();
    release();
    await waitFor('the day’s deliveries on a fresh device', async () => (await first.getByRole('region', { name: 'Без курьера' }).locator('tbody tr').count()) === 3);
    expect(await first.evaluate(() => document.documentElement.dataset.seen)).toBe('Загрузка…');
    await fresh.close();

    await page.goto(`/admin/couriers?day=${tomorrow}`);
    await page.getByRole('heading', { level: 1, name: /^Курьеры на / }).waitFor();
    const rows = page.getByRole('region', { name: 'Без курьера' }).locator('tbody tr');
    await waitFor('the day’s deliveries', async () => (await rows.count()) === 3);
    expect(await outside(page, '.courier-route, .courier-route td, .courier-route select')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await storefrontParts(page)).toEqual([]);

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    expect(await storefrontParts(page)).toEqual([]);
    const close = page.getByRole('button', { name: 'Закрыть смену' });
    await close.click();
    const dialog = page.getByRole('dialog', { name: 'Закрыть смену' });
    // The takings the books know are beside the field, and the difference follows what she types (issue 29, item 6).
    const known = dialog.getByTestId('takings-known');
    await known.filter({ hasText: `По учёту за день: ${paperMoney(paidOrder.total)} (оплаченных заказов: 1)` }).waitFor();
    await dialog.getByLabel('Выручка за смену, ₽').fill(String(paidOrder.total + 500));
    await known.filter({ hasText: `разница: +${paperMoney(500)}` }).waitFor();
    await dialog.getByLabel('Выручка за смену, ₽').fill(String(paidOrder.total));
    await known.filter({ hasText: 'разница: сходится' }).waitFor();
    expect(await outside(page, '[role=dialog]', true)).toEqual([]);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a florist record a counter sale, paid by card, that the server numbers', async () => {
    const { shop } = journey();
    const context = await contextAs(journey(), demoPhones.florist, phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/orders');
    await page.getByRole('link', { name: 'Продажа в студии' }).click();
    await page.getByRole('heading', { name: 'Продажа в студии', level: 1 }).waitFor();
    await page.locator('input[name=customer-phone]').pressSequentially('9161239876');
    await page.locator('input[name=customer-name]').fill('Ирина Прилавкова');
    await page.locator('input[name=product-search]').fill('прованс');
    await page.getByRole('button', { name: `Добавить: ${product.name}` }).click();
    await page.getByRole('radio', { name: 'Карта' }).check();
    await page.getByRole('button', { name: 'Записать продажу' }).click();
    await page.getByRole('heading', { name: 'Продажа записана' }).waitFor();
    const number = await waitFor('the sale numbered', async () => {
      const text = await page.getByRole('link', { name: /^Заказ №\s\d+$/ }).textContent({ timeout: 1000 }).catch(() => null);
      return text ? Number(text.replace(/\D/g, '')) : null;
    }, 60_000);
    expect(await page.getByRole('link', { name: orderTitle(number) }).count()).toBe(1);
    const [stored] = (await shop.shop.storage.db('orders').allDocs({ include_docs: true })).rows.filter((r) => !r.id.startsWith('_') && (r.doc as unknown as { number?: number }).number === number);
    const order = await waitFor('the payment applied', async () => {
      const o = await orderOnServer(shop, stored.id);
      return o.paid?.status === 'paid' ? o : null;
    });
    expect(order).toMatchObject({
      source: 'showcase',
      customer: '79161239876',
      recipient: { name: 'Ирина Прилавкова', phone: '79161239876' },
      delivery: { method: 'pickup' },
      date: today(),
      paid: { status: 'paid', method: 'card', amount: order.total, by: demoPhones.florist },
    });
    // Taken, handed over at once by the server in her name (issue 29, item 2), paid.
    expect(order.status).toBe('done');
    expect(order.history?.map((h) => h.by)).toEqual([demoPhones.florist, demoPhones.florist, demoPhones.florist]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
