import { describe, expect, it } from 'vitest';
import { nextDay, today } from '../schema/shared/day';
import { monthOf, type ShopEvent } from '../schema/studio/orders/event';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs } from './admin-journeys';
import { placeOrders } from './order-journeys';

/**
 * /admin/events/list and /admin/events: a month's events filtered by type and source in the address; a florist edits
 * and deletes her own event, and is offered neither for an order's event nor for another's.
 */
describe('the events list', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('filters by type and source, edits and deletes only what the florist may change', async () => {
    const { shop } = journey();
    const month = monthOf(nextDay(today()));
    const at = (d: number) => `${month.year}-${String(month.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const [order] = await placeOrders(shop, '79161230002', 1);
    const florist = await signIn(shop.url, demoPhones.florist);
    const admin = await signIn(shop.url, demoPhones.admin);
    const supply = await call<{ data: ShopEvent }>(shop.url, '/api/events/update', { source: 'admin', title: 'Поставка роз', description: '', day: at(3), type: 'supply', sum: 12000, data: {} }, florist);
    await call(shop.url, '/api/events/update', { source: 'pos', title: 'Продажа у стойки', description: '', day: at(4), type: 'sell', sum: 3500, data: {} }, admin);
    const onServer = async () => (await call<ShopEvent[]>(shop.url, '/api/events/list', month, admin)).body;

    const context = await contextAs(journey(), demoPhones.florist);
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('dialog', (d) => void d.accept());
    await page.goto(`/admin/events/list?month=${month.month}&year=${month.year}`);
    await page.getByRole('heading', { name: 'События' }).waitFor();
    // An order's title may carry a no-break space after «№» (orderTitle on main).
    const orderTitle = new RegExp(`Заказ №\\s?${order.number}`);
    const row = (title: string | RegExp) => page.locator('tbody tr').filter({ hasText: title });
    await row(orderTitle).waitFor();
    await row('Поставка роз').waitFor();
    await row('Продажа у стойки').waitFor();

    await page.getByLabel('Тип').selectOption('supply');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(page.url()).toContain('type=supply');
    await page.getByLabel('Тип').selectOption('');
    await page.getByLabel('Источник').selectOption('pos');
    await expect.poll(() => page.locator('tbody tr').allTextContents()).toEqual([expect.stringContaining('Продажа у стойки')]);
    await page.getByLabel('Источник').selectOption('');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(3);

    // An order's event and an admin's are not hers to change.
    expect(await row(orderTitle).getByRole('link', { name: 'Изменить' }).count()).toBe(0);
    expect(await row('Продажа у стойки').getByRole('link', { name: 'Изменить' }).count()).toBe(0);

    await row('Поставка роз').getByRole('link', { name: 'Изменить' }).click();
    await page.getByRole('heading', { name: 'Событие: Поставка роз' }).waitFor();
    await page.locator('input[name="title"]').fill('');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Укажите название').waitFor();
    await page.locator('input[name="title"]').fill('Поставка роз и пионов');
    await page.locator('input[name="sum"]').fill('15000');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('heading', { name: 'Календарь' }).waitFor();
    expect((await onServer()).find((e) => e.id === supply.body.data.id)).toMatchObject({ title: 'Поставка роз и пионов', sum: 15000, meta: { author: demoPhones.florist } });

    await page.goto(`/admin/events/list?month=${month.month}&year=${month.year}`);
    await row('Поставка роз и пионов').getByRole('button', { name: 'Удалить' }).click();
    await expect.poll(async () => (await onServer()).some((e) => e.id === supply.body.data.id)).toBe(false);
    await expect.poll(() => row('Поставка роз и пионов').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
