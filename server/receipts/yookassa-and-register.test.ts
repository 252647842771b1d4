import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import { tierDatabases } from '../../schema/shared/databases';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import { deliverySlots } from '../../schema/studio/orders/order';
import { noStudioRegister, type Receipt } from '../../schema/studio/receipts/receipt';
import { upsert } from '../db/docs';
import { startAtolDriverStandIn } from '../testing/atol-driver-stand-in';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn } from '../testing/yookassa-stand-in';
import { readProviderChoice, receiptsOfOrder } from './receipts';
import { until } from '../testing/until';

/**
 * YooKassa's receipts fiscalise only money that went through YooKassa (POST /v3/receipts needs its payment_id or
 * refund_id), so with YooKassa chosen the studio's own money (cash and card at the counter) goes to the studio's
 * register, or, with none chosen, is failed with why and never sent (schema/studio/receipts/receipt.ts `providerFor`).
 */
const customer = '79440000711';
const settings = { taxSystem: 'usn_income', vat: 'none', email: 'shop@example.ru', inn: '7700000000', paymentAddress: 'https://example.ru' };

const settled = (rs: Receipt[]) => rs.length > 0 && rs.every((r) => r.state === 'registered' || r.state === 'failed');

describe('YooKassa’s receipts for the site’s money, the studio’s register for the counter’s', () => {
  let yk: Awaited<ReturnType<typeof startYookassaStandIn>>;
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let florist: string;
  let me: string;
  let bouquet: Product;
  const choose = async (choice: unknown) => {
    const saved = await call<{ data: { choice: unknown; provider: string } }>(shop.url, '/api/settings/receipts-update', { settings, choice }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data;
  };
  const cashSale = async () => {
    const id = `sale-${crypto.randomUUID()}`;
    const draft = {
      id, source: 'showcase', customer: { phone: '', name: '' }, sender: { phone: '', name: '' }, recipient: { phone: '', name: '' },
      lines: [{ id: bouquet.id, count: 1 }], delivery: { method: 'pickup' }, date: today(), slot: deliverySlots[deliverySlots.length - 1], payment: 'cash',
    };
    expect((await call(shop.url, '/api/orders/command', { id: `new-${id}`, order: id, action: { kind: 'create', draft } }, florist)).status).toBe(200);
    expect((await call(shop.url, '/api/orders/command', { id: `pay-${id}`, order: id, action: { kind: 'payment', status: 'paid', method: 'cash' } }, florist)).status).toBe(200);
    return id;
  };
  const paidOnline = async () => {
    const draft = {
      id: `ykr-${crypto.randomUUID()}`, lines: [{ id: bouquet.id, count: 1 }], sender: { name: 'Анна', phone: customer }, recipient: { name: 'Ольга', phone: '79440000719' },
      delivery: { method: 'pickup' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'card',
    };
    const started = await call<{ data: PaymentAnswer }>(shop.url, '/api/payments/start', { order: draft.id, method: 'bank_card', draft }, me);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const payment = started.body.data.order.online!.payment!;
    await yk.pay(payment);
    expect((await call<{ data: PaymentAnswer }>(shop.url, '/api/payments/check', { order: draft.id }, me)).body.data.state).toBe('paid');
    return { id: draft.id, payment };
  };

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    driver = await startAtolDriverStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receiptsEveryMs: 100 });
    [admin, florist, me] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.florist), signIn(shop.url, customer)]);
    const manager = await signIn(shop.url, demoPhones.manager);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const found = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3).sort((x, y) => x.price - y.price)[0]!;
    const { updatedAt: _u, ...rest } = found;
    bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, count: 500 }, manager)).body.data;
  }, 60_000);
  afterEach(() => choose({ kind: 'server' }));
  afterAll(async () => {
    await shop?.close();
    await Promise.all([yk?.close(), driver?.close()]);
  });

  it('stored choices of the old shape still parse: YooKassa alone reads as YooKassa with no studio register', async () => {
    await upsert<object>(shop.shop.storage.db(tierDatabases.admin), 'settings-receipts-provider', () => ({ kind: 'yookassa' }));
    expect(await readProviderChoice(shop.shop.storage)).toEqual({ kind: 'yookassa', register: { kind: 'none' } });
    const read = await call<{ data: { choice: unknown; provider: string } }>(shop.url, '/api/settings/receipts-get', {}, admin);
    expect(read.body.data).toMatchObject({ provider: 'yookassa', choice: { kind: 'yookassa', register: { kind: 'none' } } });
  });

  it('YooKassa and the register on the counter: the online order’s receipts go to YooKassa, the cash sale’s to the counter, each once', async () => {
    const saved = await choose({ kind: 'yookassa', register: { kind: 'atol-local', url: driver.url } });
    expect(saved).toEqual({ provider: 'yookassa', choice: { kind: 'yookassa', register: { kind: 'atol-local', url: driver.url } }, settings });
    // Devices print at the counter as with the counter's register alone.
    expect((await call<{ data: unknown }>(shop.url, '/api/receipts/counter-register', {}, florist)).body.data).toEqual({ url: driver.url, settings });

    const online = await paidOnline();
    expect((await call(shop.url, '/api/orders/command', { id: `done-${online.id}`, order: online.id, action: { kind: 'status', from: 'new', to: 'done' } }, florist)).status).toBe(200);
    const sale = await cashSale();
    const [ors, srs] = await Promise.all([
      until(() => receiptsOfOrder(shop.shop.storage, online.id), (x) => x.length === 2 && settled(x)),
      until(() => receiptsOfOrder(shop.shop.storage, sale), settled),
    ]);
    expect(ors.map((r) => [r.content.kind, r.state, r.content.providerPayment])).toEqual([['prepayment', 'registered', online.payment], ['settlement', 'registered', online.payment]]);
    expect(srs.map((r) => [r.content.kind, r.content.payment, r.state, r.fiscal?.fn])).toEqual([['sale', 'cash', 'registered', '7380440800000001']]);
    // YooKassa: the payment's own receipt and the settlement, both of its payment; the counter: the cash sale alone.
    expect([...yk.receipts.values()].map((r) => [r.type, r.payment_id])).toEqual([['payment', online.payment], ['payment', online.payment]]);
    expect(yk.receiptRequests.map((q) => (q.body as { payment_id?: string }).payment_id)).toEqual([online.payment]);
    expect([driver.tasks().length, driver.posts()]).toEqual([1, 1]);
    await new Promise((r) => setTimeout(r, 400));
    expect([yk.receiptRequests.length, driver.posts()]).toEqual([1, 1]);
  }, 60_000);

  it('YooKassa with no studio register: the cash sale’s receipt is failed with why, YooKassa never asked, the shift close counts it', async () => {
    await choose({ kind: 'yookassa' });
    const before = yk.receiptRequests.length;
    const sale = await cashSale();
    const rs = await until(() => receiptsOfOrder(shop.shop.storage, sale), settled);
    expect(rs.map((r) => [r.content.kind, r.state, r.reason, r.tries])).toEqual([['sale', 'failed', noStudioRegister, 0]]);
    await new Promise((r) => setTimeout(r, 400));
    expect(yk.receiptRequests.length).toBe(before);
    // /admin/documents and the shift close read it as any failed receipt.
    const listed = await call<{ data: { items: { id: string; label: string }[]; unregistered: { count: number } } }>(shop.url, '/api/receipts/list', {}, florist);
    expect(listed.body.data.items.find((i) => i.id === rs[0]!.id)?.label).toBe(`Чек не пробит: ${noStudioRegister}`);
    expect(listed.body.data.unregistered.count).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('ATOL Online as the studio’s register beside YooKassa: its password kept when saved again, never answered', async () => {
    const register = { kind: 'atol', login: 'studio-login', group: 'studio-group', apiUrl: 'https://online.example/v5' };
    const refused = await call<{ error: string }>(shop.url, '/api/settings/receipts-update', { settings, choice: { kind: 'yookassa', register } }, admin);
    expect([refused.status, refused.body.error]).toEqual([400, 'Укажите пароль АТОЛ Онлайн']);
    const saved = await choose({ kind: 'yookassa', register: { ...register, password: 'studio-secret-pass-78' } });
    expect(saved.choice).toEqual({ kind: 'yookassa', register: { ...register, passwordSet: true } });
    expect(await choose({ kind: 'yookassa', register })).toEqual(saved);
    expect(await readProviderChoice(shop.shop.storage)).toEqual({ kind: 'yookassa', register: { ...register, password: 'studio-secret-pass-78' } });
    const read = await call(shop.url, '/api/settings/receipts-get', {}, admin);
    expect(JSON.stringify(read.body)).not.toContain('studio-secret-pass-78');
    // ATOL Online's login is never a device's: staff read no counter address.
    expect((await call<{ data: unknown }>(shop.url, '/api/receipts/counter-register', {}, florist)).body.data).toEqual({ url: '', settings: null });
  });
});
