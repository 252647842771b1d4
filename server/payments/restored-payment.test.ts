import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAmount } from '../../schema/shop/online-payment';
import type { Order } from '../../schema/studio/orders/order';
import type { PaymentAnswer } from '../../schema/shop/pay-now';
import type { Product } from '../../schema/shop/product';
import { orderCommands } from '../orders/order-commands';
import { orderService } from '../orders/order-service';
import { captureLogs } from '../testing/log-capture';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn, type YookassaStandIn } from '../testing/yookassa-stand-in';
import { onlinePayments } from './online-payments';
import { receiptsOfOrder } from '../receipts/receipts';

const customer = '79440000711';
const holdMs = 30 * 60_000;
let seq = 0;
const draftId = () => `lost-paid-${String(++seq).padStart(8, '0')}-${Date.now()}`;

/**
 * DECISIONS «A paid order a restore lost»: a device sends again an order the restore lost, naming the YooKassa payment
 * its copy had. The shop reads that payment at the stand-in: paid for this order and sum → marked paid once, through
 * the provider's own step; unknown, another order's or another sum → not paid, logged; YooKassa away → the order waits,
 * «checking», and no sweep cancels it until the payment has been read.
 */
describe('an order a restore lost, sent again naming its online payment', () => {
  let yk: YookassaStandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let florist: string;
  let bouquet: Product;
  let total: number;
  const draft = (id = draftId()) => ({ ...draftOf(customer, [{ id: bouquet.id, count: 2 }]), id, payment: 'card' });
  /** What the lost shop had done: a payment for the order at YooKassa, with its metadata, paid by the customer. */
  const paidBeforeTheLoss = async (orderId: string, roubles = total) => {
    const p = await yk.create({ amount: { value: providerAmount(roubles), currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'https://shop.example/x' }, metadata: { orderId }, payment_method_data: { type: 'bank_card' } });
    await yk.pay(p.id);
    return p.id;
  };
  const sendAgain = (d: ReturnType<typeof draft>, payment: string, formerNumber = 200 + seq) =>
    call<{ data: Order; error?: string }>(shop.url, '/api/orders/create', { ...d, formerNumber, formerPayment: { id: payment, method: 'bank_card', tries: 1 } }, me);
  const stored = async (id: string) =>
    (await call<{ data: { items: Order[] } }>(shop.url, '/api/orders/list', { params: { skip: 0, limit: 200 } }, florist)).body.data.items.find((o) => o.id === id)!;
  const sweepLater = () => {
    const orders = orderService(shop.shop);
    return onlinePayments(shop.shop, orders, orderCommands(shop.shop, orders)).sweep(Date.now() + holdMs + 60_000);
  };
  // Every entry that marked money from YooKassa, whatever step id it came under.
  const paidEntries = (o: Order) => (o.history ?? []).filter((h) => h.what === 'Оплачен онлайн');

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, onlineHoldMs: holdMs, unconfirmedOrdersPerCustomer: 20, ordersPerCustomerPerHour: 100 });
    [me, florist] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const found = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3)!;
    const { updatedAt: _u, ...rest } = found;
    bouquet = (await call<{ data: Product }>(shop.url, '/api/items/update', { ...rest, count: 200 }, florist)).body.data;
    // The restored shop's price of the draft: what the lost shop charged (the catalogue did not change).
    const probe = await call<{ data: Order }>(shop.url, '/api/orders/create', draft(), me);
    total = probe.body.data.total;
  });
  afterAll(async () => {
    await shop?.close();
    await yk?.close();
  });

  it('marks it paid online, once, keeping its former number, when YooKassa says this payment of it succeeded', async () => {
    const d = draft();
    const payment = await paidBeforeTheLoss(d.id);
    const formerNumber = 100;
    const first = await sendAgain(d, payment, formerNumber);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ number: formerNumber, paid: { status: 'paid', method: 'online', amount: total }, online: { status: 'paid', payment } });
    // Sent again (a retry, a second tab): nothing twice.
    expect((await sendAgain(d, payment, formerNumber)).body.data.paid?.status).toBe('paid');
    const o = await stored(d.id);
    expect(paidEntries(o)).toHaveLength(1);
    expect(paidEntries(o)[0].by).toBe('ЮKassa');
    // The paid order is the customer's in /my as paid: their copy says so.
    const copy = await shop.shop.storage.db(`orders-${customer}`).get<Order>(d.id);
    expect(copy.paid?.status).toBe('paid');
    await sweepLater();
    expect((await stored(d.id)).status).toBe('new');
  });

  it('ignores a payment YooKassa does not know, or one made for another order, and logs it: the order is placed unpaid and not cancelled', async () => {
    const logs = captureLogs();
    try {
      const forged = draft();
      const a = await sendAgain(forged, '2f7a1c3e-000f-5000-9000-1b2c3d4e5f60');
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(a.body.data.paid?.status ?? 'unpaid').toBe('unpaid');
      expect(a.body.data.online).toMatchObject({ status: 'on-delivery' });
      expect(a.body.data.online?.payment).toBeUndefined();

      const someoneElses = await paidBeforeTheLoss(draftId());
      const borrowed = draft();
      const b = await sendAgain(borrowed, someoneElses);
      expect(b.status).toBe(200);
      expect(b.body.data.paid?.status ?? 'unpaid').toBe('unpaid');
      expect(b.body.data.online?.status).toBe('on-delivery');
      expect(paidEntries(await stored(borrowed.id))).toHaveLength(0);

      const warned = logs.lines().filter((l) => l.level === 40 && /sent again after a restore/.test(l.msg ?? ''));
      expect(warned.map((l) => l.msg).join('\n')).toMatch(new RegExp(`${forged.id}.*unknown to YooKassa`));
      expect(warned.map((l) => l.msg).join('\n')).toMatch(new RegExp(`${borrowed.id}.*made for order`));
      await sweepLater();
      expect((await stored(forged.id)).status).toBe('new');
      expect((await stored(borrowed.id)).status).toBe('new');
    } finally {
      logs.stop();
    }
  });

  it('does not mark paid a payment of another sum (logged for the studio)', async () => {
    const logs = captureLogs();
    try {
      const d = draft();
      const payment = await paidBeforeTheLoss(d.id, total - 100);
      const sent = await sendAgain(d, payment);
      expect(sent.status).toBe(200);
      expect(sent.body.data.paid?.status ?? 'unpaid').toBe('unpaid');
      expect(sent.body.data.online?.status).toBe('on-delivery');
      expect(logs.errors().map((l) => l.msg).join('\n')).toMatch(new RegExp(`payment ${payment}.*not marked paid`));
    } finally {
      logs.stop();
    }
  });

  it('waits for a payment of it still pending at YooKassa as for any online payment, and marks it paid when it succeeds', async () => {
    const d = draft();
    const p = await yk.create({ amount: { value: providerAmount(total), currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'https://shop.example/x' }, metadata: { orderId: d.id }, payment_method_data: { type: 'bank_card' } });
    const sent = await sendAgain(d, p.id);
    expect(sent.status).toBe(200);
    expect(sent.body.data.online).toMatchObject({ status: 'pending', payment: p.id });
    expect(sent.body.data.paid?.status ?? 'unpaid').toBe('unpaid');
    await yk.pay(p.id);
    const checked = await call<{ data: PaymentAnswer }>(shop.url, '/api/payments/check', { order: d.id }, me);
    expect(checked.body.data.state).toBe('paid');
    expect(paidEntries(await stored(d.id))).toHaveLength(1);
  });

  it('keeps the order «checking», never cancelled by the sweep, while YooKassa does not answer; reads it when it is back', async () => {
    const d = draft();
    const payment = await paidBeforeTheLoss(d.id);
    const logs = captureLogs();
    yk.paymentsAway(true);
    try {
      const sent = await sendAgain(d, payment);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.online?.status).toBe('checking');
      expect(sent.body.data.paid?.status ?? 'unpaid').toBe('unpaid');
      // The hold runs out while YooKassa is away: the unpaid sweep leaves it; paying again is refused (the money would go twice).
      await sweepLater();
      expect(await stored(d.id)).toMatchObject({ status: 'new', online: { status: 'checking' } });
      const again = await call<{ data: PaymentAnswer; error?: string }>(shop.url, '/api/payments/start', { order: d.id, method: 'bank_card' }, me);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatch(/проверяется/);
    } finally {
      yk.paymentsAway(false);
      logs.stop();
    }
    await sweepLater();
    const o = await stored(d.id);
    expect(o).toMatchObject({ status: 'new', paid: { status: 'paid', method: 'online' }, online: { status: 'paid', payment } });
    expect(paidEntries(o)).toHaveLength(1);
  });
});

/**
 * With YooKassa as the register the lost shop's payment carried its prepayment receipt, and the mark saying so was lost
 * with the store: the restored shop must not send that receipt again apart (two receipts for the same money).
 */
describe('an order a restore lost whose payment carried its receipt', () => {
  it('is marked paid and its prepayment receipt read from YooKassa, never sent a second time', async () => {
    const yk = await startYookassaStandIn();
    const shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receipts: { provider: 'yookassa' }, receiptsEveryMs: 100 });
    try {
      const [me, florist] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.florist)]);
      const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
      const found = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3)!;
      const d = { ...draftOf(customer, [{ id: found.id, count: 1 }]), id: draftId(), payment: 'card' };
      const price = found.discountPrice || found.price;
      const item = { description: found.name, quantity: '1.00', amount: { value: providerAmount(price), currency: 'RUB' }, vat_code: 1, payment_subject: 'commodity', payment_mode: 'full_prepayment' };
      const p = await yk.create({ amount: { value: providerAmount(price), currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'https://shop.example/x' }, metadata: { orderId: d.id }, payment_method_data: { type: 'bank_card' }, receipt: { customer: { phone: customer }, items: [item] } });
      await yk.pay(p.id);
      expect(yk.receipts.size).toBe(1);

      const sent = await call<{ data: Order }>(shop.url, '/api/orders/create', { ...d, formerNumber: 300, formerPayment: { id: p.id, method: 'bank_card', tries: 1 } }, me);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.paid).toMatchObject({ status: 'paid', method: 'online' });
      let rs = await receiptsOfOrder(shop.shop.storage, d.id);
      for (let i = 0; i < 200 && !(rs.length && rs.every((r) => r.state === 'registered' || r.state === 'failed')); i++) {
        await new Promise((r) => setTimeout(r, 100));
        rs = await receiptsOfOrder(shop.shop.storage, d.id);
      }
      expect(rs.map((r) => [r.content.kind, r.content.inPayment, r.state])).toEqual([['prepayment', true, 'registered']]);
      // The one receipt at YooKassa is the payment's own: nothing was sent apart.
      expect([...yk.receipts.values()].map((r) => [r.type, r.payment_id])).toEqual([['payment', p.id]]);
      expect((await call(shop.url, '/api/orders/list', { params: { skip: 0, limit: 10 } }, florist)).status).toBe(200);
    } finally {
      await shop.close();
      await yk.close();
    }
  }, 60_000);
});
