import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, today } from '../schema/shared/day';
import { formatRoubles } from '../schema/shared/money';
import { orderTitle } from '../schema/studio/orders/order-number';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs, outcomeOf } from './admin-journeys';
import { orderOnServer, placeOrders } from './order-journeys';

type Listed = { data: { items: { id: string; title: string; data: { credit: boolean; creditDays: number; phones: string[] } }[] } };

/**
 * Issue 21, item 3: an admin sees a customer's order handed over unpaid on /admin/debts, summed under the customer,
 * records the payment there, and the debt is gone; a florist opening /admin/debts sees «Недостаточно прав».
 */
describe('/admin/debts', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows what a customer owes, and a payment recorded there closes it', async () => {
    const { shop } = journey();
    const [o] = await placeOrders(shop, '79550000041', 1);
    const manager = await signIn(shop.url, demoPhones.manager);
    const done = await call(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: o.id, action: { kind: 'status', from: 'new', to: 'done' } }, manager);
    expect(done.status).toBe(200);

    const florist = await contextAs(journey(), demoPhones.florist);
    expect((await outcomeOf(await florist.newPage(), '/admin/debts')).outcome).toBe('denied');
    await florist.close();

    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/debts');
    const ours = page.getByRole('region', { name: 'Нам должны' });
    await ours.getByTestId('Нам должны-total').filter({ hasText: formatRoubles(o.total) }).waitFor();
    const item = ours.getByRole('listitem', { name: orderTitle(o.number) });
    await item.getByText(`должны ${formatRoubles(o.total)}`).waitFor();

    await item.getByRole('textbox', { name: `Сумма оплаты: ${orderTitle(o.number)}` }).fill('-5');
    await item.getByRole('button', { name: 'Записать оплату' }).click();
    await item.getByRole('alert').filter({ hasText: 'Сумма — целое число рублей больше нуля' }).waitFor();

    await item.getByRole('textbox', { name: `Сумма оплаты: ${orderTitle(o.number)}` }).fill(String(o.total));
    await item.getByRole('combobox', { name: `Способ оплаты: ${orderTitle(o.number)}` }).selectOption('transfer');
    await item.getByRole('button', { name: 'Записать оплату' }).click();
    await ours.getByText('Долгов нет.').waitFor();
    const paid = await waitFor('the payment on the server', async () => (await orderOnServer(shop, o.id)).paid);
    expect(paid).toMatchObject({ status: 'paid', method: 'transfer', amount: o.total, by: demoPhones.admin });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes a contractor a corporate client on credit; its orders from two phones show under it with the term and what is overdue; a part payment and one transfer spread over the orders close them', async () => {
    const { shop } = journey();
    // The office manager's phone and the secretary's.
    const corpPhone = '79550000042';
    const secretaryPhone = '79550000043';
    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // The contractor is made in its own form: two phones, «Работает в кредит», paid 7 days after delivery.
    await page.goto('/admin/contractors/new');
    await page.locator('#field-name').fill('ООО «Незабудка»');
    await page.locator('#field-inn').fill('7701234562');
    await page.getByRole('button', { name: 'Добавить: телефон' }).click();
    await page.locator('#field-phones-0-value').fill(corpPhone);
    await page.getByRole('button', { name: 'Добавить: телефон' }).click();
    await page.locator('#field-phones-1-value').fill(secretaryPhone);
    expect(await page.locator('#field-phones-1-value').inputValue()).toBe('+7 (955) 000-00-43');
    await page.getByLabel('Работает в кредит').check();
    await page.getByLabel(/^Отсрочка оплаты, дней/).fill('7');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await waitFor('the contractor on the server', async () => {
      const listed = await call<Listed>(shop.url, '/api/contractors/list', {}, await signIn(shop.url, demoPhones.admin));
      return listed.body.data.items.some((c) => c.title === 'ООО «Незабудка»' && c.data.credit && c.data.creditDays === 7 && c.data.phones.join() === `${corpPhone},${secretaryPhone}`);
    });

    // Another contractor on credit with the secretary's phone is refused, the reason said on the device.
    await page.goto('/admin/contractors/new');
    await page.locator('#field-name').fill('ООО «Двойник»');
    await page.locator('#field-inn').fill('7701234563');
    await page.getByRole('button', { name: 'Добавить: телефон' }).click();
    await page.locator('#field-phones-0-value').fill(secretaryPhone);
    await page.getByLabel('Работает в кредит').check();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Телефон +7 (955) 000-00-43 уже указан у контрагента в кредит «ООО «Незабудка»»', { exact: false }).first().waitFor();
    await page.goto('/admin/contractors');
    await page.getByRole('link', { name: 'ООО «Незабудка»' }).first().waitFor();
    await waitFor('the refused one gone from the device', async () => (await page.getByText('ООО «Двойник»').count()) === 0);

    // Its office manager orders one handed over now; its secretary one delivered three weeks ago and still unpaid.
    const [fresh] = await placeOrders(shop, corpPhone, 1);
    const [earlier] = await placeOrders(shop, secretaryPhone, 1);
    const manager = await signIn(shop.url, demoPhones.manager);
    expect((await call(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: fresh.id, action: { kind: 'status', from: 'new', to: 'done' } }, manager)).status).toBe(200);
    const old = addDays(today(), -21);
    const stored = await shop.shop.storage.db('orders').get(earlier.id);
    await shop.shop.storage.db('orders').put({ ...stored, date: old, status: 'done' });

    await page.goto('/admin/debts');
    const corporate = page.getByRole('region', { name: 'Корпоративные клиенты' });
    const owed = fresh.total + earlier.total;
    await corporate.getByTestId('Корпоративные клиенты-total').filter({ hasText: formatRoubles(owed) }).waitFor();
    await corporate.getByText(`ООО «Незабудка» — ${formatRoubles(owed)}, с ${old}, отсрочка 7 дн., просрочено ${formatRoubles(earlier.total)}`).waitFor();
    // Its orders are not an ordinary customer's.
    expect(await page.getByRole('region', { name: 'Нам должны' }).getByRole('listitem', { name: orderTitle(fresh.number) }).count()).toBe(0);
    const late = corporate.getByRole('listitem', { name: orderTitle(earlier.number) });
    await late.getByText(`оплатить до ${addDays(old, 7)}`).waitFor();
    await late.getByText('просрочен').waitFor();
    await corporate.getByRole('listitem', { name: orderTitle(fresh.number) }).getByText(`оплатить до ${addDays(fresh.date, 7)}`).waitFor();

    // On a 360 px phone the section keeps to the screen.
    const phone = await contextAs(journey(), demoPhones.admin, phoneViewport);
    const small = await phone.newPage();
    await small.goto('/admin/debts');
    await small.getByRole('region', { name: 'Корпоративные клиенты' }).getByRole('button', { name: 'Разнести оплату по заказам' }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.close();

    // A part payment of the late order lowers what is overdue.
    await late.getByRole('textbox', { name: `Сумма оплаты: ${orderTitle(earlier.number)}` }).fill('1000');
    // On credit a payment comes by bank transfer: the form offers it.
    expect(await late.getByRole('combobox', { name: `Способ оплаты: ${orderTitle(earlier.number)}` }).inputValue()).toBe('transfer');
    await late.getByRole('button', { name: 'Записать оплату' }).click();
    await corporate.getByText(`просрочено ${formatRoubles(earlier.total - 1000)}`).first().waitFor();

    // One transfer for the rest of both, spread over the orders oldest first, closes the client's debt.
    const rest = owed - 1000;
    const whole = corporate.getByRole('textbox', { name: 'Сумма оплаты: ООО «Незабудка»' });
    await waitFor('the whole sum offered', async () => (await whole.inputValue()) === String(rest));
    await whole.fill(String(rest + 1));
    await corporate.getByRole('button', { name: 'Разнести оплату по заказам' }).click();
    await corporate.getByRole('alert').filter({ hasText: `Больше долга: должны ${formatRoubles(rest)}` }).waitFor();
    await whole.fill(String(rest));
    await corporate.getByRole('button', { name: 'Разнести оплату по заказам' }).click();
    await corporate.getByText('Долгов нет.').waitFor();
    expect((await orderOnServer(shop, fresh.id)).paid).toMatchObject({ status: 'paid', method: 'transfer', amount: fresh.total });
    expect((await orderOnServer(shop, earlier.id)).paid).toMatchObject({ status: 'paid', method: 'transfer', amount: earlier.total });
    expect(errors).toEqual([]);
    await context.close();
  });
});
