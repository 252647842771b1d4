import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { clientIdOf } from '../schema/entities/client';
import type { Order } from '../schema/studio/orders/order';
import { orderTitle } from '../schema/studio/orders/order-number';
import type { Product } from '../schema/shop/product';
import type { OfficeRecord } from '../schema/shared/record';
import { draftOf } from '../server/testing/order-rush';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs } from './admin-journeys';

const phone = '79051114455';

/** Reminders on the card (issue 20, item 2): a date's orders of earlier years, and one tap to a phone order for it. */
describe('client card: dates and their earlier orders', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('an admin sees last year’s order for a client’s important date and taps «Заказать к дате»: the new order holds the customer and the recipient', async () => {
    const { url, shop } = journey().shop;
    const [admin, customer] = await Promise.all([signIn(url, demoPhones.admin), signIn(url, phone)]);
    const made = (await call<{ data: OfficeRecord }>(url, '/api/clients/get', { id: clientIdOf(phone) }, admin)).body.data;
    const data = { ...made.data, name: 'Павел Датов', dates: [{ title: 'День рождения жены', date: '03-08', recipient: 'Ольга' }] };
    expect((await call(url, '/api/clients/update', { id: made.id, updatedAt: made.updatedAt, data }, admin)).status).toBe(200);
    const { body } = await call<{ data: { items: Product[] } }>(url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 5)!.id;
    const draft = { ...draftOf(phone, [{ id: bouquet, count: 1 }]), recipient: { name: 'Ольга Датова', phone: '79052223344' }, delivery: { method: 'courier', address: 'Тверская, 7' } };
    const placed = (await call<{ data: Order }>(url, '/api/orders/create', draft, customer)).body.data;
    // Last year's 8 March: the server takes no past day from a customer, so the stored order is moved there.
    const orders = shop.storage.db('orders');
    await orders.put({ ...(await orders.get<Order>(placed.id)), date: `${Number(today().slice(0, 4)) - 1}-03-08` });

    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/admin/clients/${clientIdOf(phone)}`);
    const dates = page.getByRole('region', { name: 'Даты и заказы к ним' });
    await dates.getByRole('link', { name: orderTitle(placed.number) }).waitFor();
    expect(await dates.textContent()).toContain('Ольга Датова');
    await dates.getByRole('link', { name: 'Заказать к дате: День рождения жены' }).click();
    await page.getByRole('heading', { name: 'Новый заказ', level: 1 }).waitFor();
    expect(await page.locator('input[name="customer-name"]').inputValue()).toBe('Павел Датов');
    expect(await page.locator('input[name="customer-phone"]').inputValue()).toBe('+7 (905) 111-44-55');
    expect(await page.locator('input[name="recipient-name"]').inputValue()).toBe('Ольга Датова');
    expect(await page.locator('input[name="recipient-phone"]').inputValue()).toBe('+7 (905) 222-33-44');
    expect(await page.locator('input[name="address"]').inputValue()).toBe('Тверская, 7');
    expect(errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await context.close();
  });
});
