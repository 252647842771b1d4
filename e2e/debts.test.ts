import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatRoubles } from '../schema/money';
import { orderTitle } from '../schema/order-number';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs, outcomeOf } from './admin-journeys';
import { orderOnServer, placeOrders } from './order-journeys';

/**
 * Issue 21, item 3: an admin sees a customer's order handed over unpaid on /admin/debts, summed under the customer,
 * records the payment there, and the debt is gone; a florist opening /admin/debts sees «Недостаточно прав».
 */
describe('/admin/debts', () => {
  const journey = journeyPerFile();

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
});
