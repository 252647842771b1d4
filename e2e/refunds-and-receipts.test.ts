import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles } from '../schema/shared/money';
import { orderTitle } from '../schema/studio/orders/order-number';
import type { Product } from '../schema/shop/product';
import type { Receipt } from '../schema/studio/receipts/receipt';
import type { ShopConfig } from '../server/config';
import { readProviderChoice, receiptsDb } from '../server/receipts/receipts';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { startYookassaStandIn } from '../server/testing/yookassa-stand-in';
import { paidOnline, startedOnline } from '../server/testing/paid-online';
import { refundsOfOrder } from '../server/payments/refunds';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { contextAs, openStaffScreen } from './admin-journeys';

const dayMs = 24 * 3600_000;

/** A receipt made `days` ago that no register took (as server/receipts/shift-limit.test.ts makes one). */
const oldReceipt = (id: string, days: number): Omit<Receipt, 'id'> & { _id: string } => {
  const at = Date.now() - days * dayMs - 60_000;
  return {
    _id: id,
    content: {
      kind: 'sale', order: `order-${id}`, mode: 'full_payment', payment: 'cash', total: 150000, customer: { email: 'shop@example.ru' }, taxSystem: 'usn_income',
      items: [{ name: 'Букет', price: 150000, quantity: 1, sum: 150000, object: 'commodity', vat: 'none' }], company: { email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' },
    },
    state: 'queued', createdAt: at, updatedAt: at, tries: 3, nextAt: at + 365 * dayMs, reason: 'касса недоступна',
  };
};

/**
 * Issue 30 in Chromium: the admin's receipts settings (the ATOL password never shown back), the shift close warned
 * from day 25 and blocked past day 30 of an unregistered receipt, and «Вернуть деньги» on an online-paid order, the
 * money going back through YooKassa (its stand-in) and its state on the order page.
 */
describe('receipts settings, the receipts’ limit at the shift close, refunds through YooKassa', () => {
  const settings: Partial<ShopConfig> = { receiptsEveryMs: 200 };
  let yk: Awaited<ReturnType<typeof startYookassaStandIn>>;
  beforeAll(async () => {
    yk = await startYookassaStandIn();
    Object.assign(settings, { yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl } });
  });
  const journey = journeyPerFile(settings, { serviceWorker: false });
  afterAll(() => yk?.close());

  /** The manager's and `customer`'s sessions, and a plain bouquet given 50 in stock: where each refund journey starts. */
  const customerAndBouquet = async (customer: string) => {
    const { shop } = journey();
    const manager = await signIn(shop.url, demoPhones.manager);
    const me = await signIn(shop.url, customer);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const { updatedAt: _u, ...bouquet } = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 1)!;
    await call(shop.url, '/api/items/update', { ...bouquet, count: 50 }, manager);
    return { shop, manager, me, bouquet };
  };
  /** `customer`'s /my on a phone, its console watched. */
  const myOrdersOf = async (customer: string) => {
    const context = await contextAs(journey(), customer, phoneViewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/my');
    return { context, page, errors };
  };

  it('the admin chooses ATOL Online with its keys; the password is kept and never shown back', async () => {
    const { shop } = journey();
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.admin, '/admin/settings', { name: 'Настройки', level: 1 });
    const form = page.getByRole('form', { name: 'Чеки' });
    await form.locator('select[name="receipts-provider"]').selectOption({ label: 'АТОЛ Онлайн (облачная касса)' });
    await form.locator('input[name="atol-login"]').fill('studio-login');
    await form.locator('input[name="atol-password"]').fill('very-secret-1');
    await form.locator('input[name="atol-group"]').fill('group-7');
    await form.getByRole('button', { name: 'Сохранить настройки чеков' }).click();
    await form.getByTestId('receipts-provider').filter({ hasText: 'Чеки уходят: АТОЛ Онлайн.' }).waitFor();
    // Saved: the field is empty again, the placeholder says one is kept; the server holds it.
    await form.locator('input[name="atol-password"][placeholder="сохранён — оставьте пустым"]').waitFor();
    expect(await form.locator('input[name="atol-password"]').inputValue()).toBe('');
    expect(await readProviderChoice(shop.shop.storage)).toMatchObject({ kind: 'atol', login: 'studio-login', group: 'group-7', password: 'very-secret-1' });
    // Read again: the login is shown, the password nowhere on the page.
    await page.reload();
    await form.locator('input[name="atol-login"]').waitFor();
    expect(await form.locator('input[name="atol-login"]').inputValue()).toBe('studio-login');
    expect(await form.locator('input[name="atol-password"]').inputValue()).toBe('');
    expect(await page.content()).not.toContain('very-secret-1');
    // Saved again without typing it: the stored password stays.
    await form.locator('input[name="atol-group"]').fill('group-8');
    await form.getByRole('button', { name: 'Сохранить настройки чеков' }).click();
    await expect.poll(async () => readProviderChoice(shop.shop.storage)).toMatchObject({ kind: 'atol', group: 'group-8', password: 'very-secret-1' });
    // The save's answer keeps what was changed since it was sent (keptEdits) and redraws the rest; waiting for it keeps
    // this save's answer apart from the next one's. The only save since the reload says so when it is back.
    await page.getByText('Настройки чеков сохранены').waitFor();
    // YooKassa's receipts for the site's money, the counter's register for the studio's own (DECISIONS «YooKassa's receipts and the studio's register»).
    await form.locator('select[name="receipts-provider"]').selectOption({ label: 'Чеки ЮKassa' });
    await form.locator('select[name="receipts-register"]').selectOption({ label: 'Касса на кассовом месте (драйвер АТОЛ)' });
    await form.locator('input[name="atol-driver-url"]').fill('http://192.168.1.20:16732');
    await form.getByRole('button', { name: 'Сохранить настройки чеков' }).click();
    await form.getByTestId('receipts-provider').filter({ hasText: 'Чеки уходят: ЮKassa.' }).waitFor();
    await expect.poll(async () => readProviderChoice(shop.shop.storage)).toEqual({ kind: 'yookassa', register: { kind: 'atol-local', url: 'http://192.168.1.20:16732' } });
    await page.reload();
    await form.locator('input[name="atol-driver-url"]').waitFor();
    expect(await form.locator('select[name="receipts-register"]').inputValue()).toBe('atol-local');
    // Back to nothing, so the other journeys' receipts wait in the queue.
    await form.locator('select[name="receipts-provider"]').selectOption({ label: 'Не отправлять (чеки ждут в очереди)' });
    await form.getByRole('button', { name: 'Сохранить настройки чеков' }).click();
    await form.getByTestId('receipts-provider').filter({ hasText: 'не подключена' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the shift close warns of a receipt unregistered for 26 days and cannot close past 30', async () => {
    const { shop } = journey();
    const db = shop.shop.storage.db(receiptsDb);
    await db.put(oldReceipt('receipt:sale:journey:old', 26));
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin', 'Рабочий стол', phoneViewport);
    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    const dialog = page.getByRole('dialog', { name: 'Закрыть смену' });
    await dialog.getByTestId('receipts-unregistered').filter({ hasText: 'самый старый — 26 дней. Через 4 дня смену нельзя будет закрыть' }).waitFor();
    await dialog.locator('input[name="amount"]').fill('1000');
    expect(await dialog.getByRole('button', { name: 'Ок', exact: true }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Отмена' }).click();

    // The same receipt five days older: past the legal limit.
    const doc = await db.get<Omit<Receipt, 'id'>>('receipt:sale:journey:old');
    const at = Date.now() - 31 * dayMs - 60_000;
    await db.put({ ...doc, createdAt: at, updatedAt: at });
    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    await dialog.getByTestId('receipts-blocked').filter({ hasText: 'Смену не закрыть: чек не зарегистрирован уже 31 день (по 54-ФЗ — не больше 30)' }).waitFor();
    await dialog.locator('input[name="amount"]').fill('1000');
    expect(await dialog.getByRole('button', { name: 'Ок', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    // Registered: the block is gone (so the refund journey's receipts are the only ones waiting).
    await db.put({ ...(await db.get<Omit<Receipt, 'id'>>('receipt:sale:journey:old')), state: 'registered', fiscal: { sign: '1', fn: '1', number: '1', at: 'x' } });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('«Вернуть деньги» on an order paid online returns the money through YooKassa and shows it on the order page', async () => {
    const customer = '79440000901';
    const { shop, me, bouquet } = await customerAndBouquet(customer);
    const { id, payment } = await paidOnline(shop.url, yk, me, { id: `jrf-${crypto.randomUUID()}`, bouquet: bouquet.id, count: 1, customer, recipient: '79440000909' });
    const number = (await shop.shop.storage.db('orders').get<{ number: number }>(id)).number;

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.manager, `/admin/orders/${number}`, { name: orderTitle(number), level: 1 }, { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Вернуть деньги' }).click();
    const form = page.getByRole('form', { name: 'Вернуть деньги' });
    await form.getByText('Деньги вернутся покупателю через ЮKassa, чек возврата — с ними.').waitFor();
    await form.getByLabel('Сумма возврата, ₽').fill('100');
    await form.getByRole('button', { name: 'Вернуть деньги' }).click();
    const refunds = page.getByRole('list', { name: 'Возвраты через ЮKassa' });
    await refunds.getByText(`Деньги возвращены через ЮKassa: ${formatRoubles(100)}`).waitFor({ timeout: 30_000 });
    expect([...yk.refunds.values()].filter((r) => r.payment_id === payment).map((r) => r.amount.value)).toEqual(['100.00']);
    expect((await refundsOfOrder(shop.shop.storage, id)).map((r) => r.refundState)).toEqual(['succeeded']);
    expect(errors).toEqual([]);
    await context.close();

    // The customer's /my: still paid online, and the part that went back, with its sum.
    const { context: mine, page: my, errors: myErrors } = await myOrdersOf(customer);
    const row = my.locator(`[data-order-id="${id}"]`);
    await row.getByText(`Возвращено ${formatRoubles(100)} на карту`).waitFor({ timeout: 30_000 });
    expect(await row.locator('.my-orders__payment').innerText()).toBe('Оплачен онлайн');
    expect(myErrors).toEqual([]);
    await mine.close();
  }, 120_000);
  it('«Вернуть деньги» in cash on a kept order, and by card on a cancelled one paid at the studio: the customer’s /my says how it came back', async () => {
    const customer = '79440000903';
    const { shop, manager, me, bouquet } = await customerAndBouquet(customer);
    /** An order the customer chose to pay at the studio, paid there by `method`. */
    const paidAtStudio = async (method: 'cash' | 'card') => {
      const { id } = await startedOnline(shop.url, me, { id: `jst-${crypto.randomUUID()}`, bouquet: bouquet.id, count: 1, customer, recipient: '79440000909' });
      expect((await call(shop.url, '/api/payments/on-delivery', { order: id }, me)).status).toBe(200);
      const paidBy = `pay-${crypto.randomUUID()}`;
      expect((await call(shop.url, '/api/orders/command', { id: paidBy, order: id, action: { kind: 'payment', status: 'paid', method } }, manager)).status).toBe(200);
      return { id, paidBy, ...(await shop.shop.storage.db('orders').get<{ number: number; total: number }>(id)) };
    };
    const kept = await paidAtStudio('cash');
    const cancelled = await paidAtStudio('card');
    const command = (order: string, action: object) => call(shop.url, '/api/orders/command', { id: `c-${crypto.randomUUID()}`, order, action }, manager);
    expect((await command(cancelled.id, { kind: 'status', from: 'new', to: 'cancelled', reason: 'Клиент передумал' })).status).toBe(200);
    expect((await command(cancelled.id, { kind: 'refund', payment: cancelled.paidBy, amount: cancelled.total })).status).toBe(200);

    // The manager gives back 100 ₽ of the cash on the order page (a wilted stem).
    const staff = await openStaffScreen(journey(), demoPhones.manager, `/admin/orders/${kept.number}`, { name: orderTitle(kept.number), level: 1 }, phoneViewport);
    await staff.page.getByRole('button', { name: 'Вернуть деньги' }).click();
    const form = staff.page.getByRole('form', { name: 'Вернуть деньги' });
    await form.getByText('Чек возврата уйдёт в кассу.').waitFor();
    await form.getByLabel('Сумма возврата, ₽').fill('100');
    await form.getByRole('button', { name: 'Вернуть деньги' }).click();
    await staff.page.getByText(`возвращено клиенту ${formatRoubles(100)}`).first().waitFor({ timeout: 30_000 });
    expect(staff.errors).toEqual([]);
    await staff.context.close();

    // The customer's /my: the cash given back, nothing owed; the cancelled order's card payment handed back at the studio.
    const { context, page, errors } = await myOrdersOf(customer);
    const keptRow = page.locator(`[data-order-id="${kept.id}"]`);
    await keptRow.getByText(`Возвращено ${formatRoubles(100)} наличными`).waitFor({ timeout: 30_000 });
    expect(await keptRow.locator('.my-orders__payment').innerText()).not.toMatch(/остальные|При получении/);
    const cancelledRow = page.locator(`[data-order-id="${cancelled.id}"]`);
    await cancelledRow.getByText(`Возвращено ${formatRoubles(cancelled.total)} на карту в студии`).waitFor({ timeout: 30_000 });
    expect(await cancelledRow.locator('.my-orders__payment').innerText()).toBe('Заказ отменён: оплата возвращена');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
  it('a payment that comes after the cancellation goes back by itself: the order page and the customer’s /my say so', async () => {
    const customer = '79440000902';
    const { shop, manager, me, bouquet } = await customerAndBouquet(customer);
    // The customer started paying and left the tab open; the studio cancelled; then the payment went through.
    const { id, payment } = await startedOnline(shop.url, me, { id: `jlate-${crypto.randomUUID()}`, bouquet: bouquet.id, count: 1, customer, recipient: '79440000909' });
    const cancelled = await call(shop.url, '/api/orders/command', { id: `c-${crypto.randomUUID()}`, order: id, action: { kind: 'status', from: 'new', to: 'cancelled', reason: 'Клиент передумал' } }, manager);
    expect(cancelled.status).toBe(200);
    await yk.pay(payment);
    expect((await call(shop.url, '/api/payments/notification', { type: 'notification', event: 'payment.succeeded', object: { id: payment, metadata: { orderId: id } } })).status).toBe(200);
    const { number, total } = await shop.shop.storage.db('orders').get<{ number: number; total: number }>(id);

    // The staff order page: the refund through YooKassa, done, and why in the history.
    const staff = await openStaffScreen(journey(), demoPhones.manager, `/admin/orders/${number}`, { name: orderTitle(number), level: 1 }, phoneViewport);
    await staff.page.getByRole('list', { name: 'Возвраты через ЮKassa' }).getByText(`Деньги возвращены через ЮKassa: ${formatRoubles(total)}`).waitFor({ timeout: 30_000 });
    await staff.page.getByText('Оплата пришла после отмены: деньги возвращаются через ЮKassa').first().waitFor();
    expect([...yk.refunds.values()].filter((r) => r.payment_id === payment).map((r) => [r.status, r.amount.value])).toEqual([['succeeded', `${total}.00`]]);
    expect(staff.errors).toEqual([]);
    await staff.context.close();

    // The customer's /my: the cancelled order says its online payment is going back.
    const { context, page, errors } = await myOrdersOf(customer);
    const row = page.locator(`[data-order-id="${id}"]`);
    await row.getByText('Заказ отменён: оплата онлайн возвращается через ЮKassa тем же способом, которым вы платили').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
