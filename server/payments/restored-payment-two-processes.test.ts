import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerAmount } from '../../schema/shop/online-payment';
import type { Order } from '../../schema/studio/orders/order';
import { draftOf } from '../testing/order-rush';
import { startPayingServers, type PayingServers } from '../testing/paying-servers';
import { call } from '../testing/test-shop';

const customer = '79440000721';

/**
 * Two app servers on one CouchDB take the same re-sent order (a retry, a second tab) naming the payment it had before a
 * restore (DECISIONS «A paid order a restore lost»): YooKassa's answer marks it paid once; while YooKassa is away both
 * servers' sweeps leave it «checking» past its hold, and the first sweep that reads the payment marks it, once.
 */
describe('a paid order a restore lost, on two server processes', () => {
  let shop: PayingServers;
  let total: number;
  beforeAll(async () => {
    shop = await startPayingServers(customer);
    // The shop's price of the draft: what the lost shop charged.
    total = (await call<{ data: Order }>(shop.a.url, '/api/orders/create', draftOf(customer, [{ id: shop.bouquet, count: 1 }]), shop.me)).body.data.total;
  }, 120_000);
  afterAll(() => shop?.stop());

  /** The draft the device sends again, and the payment the lost shop had made for it at YooKassa, paid. */
  const lostPaidOrder = async (formerNumber: number) => {
    const { yk, bouquet } = shop;
    const draft = { ...draftOf(customer, [{ id: bouquet, count: 1 }]), id: `lost2-${crypto.randomUUID()}` };
    const p = await yk.create({ amount: { value: providerAmount(total), currency: 'RUB' }, confirmation: { type: 'redirect', return_url: 'https://shop.example/x' }, metadata: { orderId: draft.id }, payment_method_data: { type: 'bank_card' } });
    await yk.pay(p.id);
    return { request: { ...draft, formerNumber, formerPayment: { id: p.id, method: 'bank_card', tries: 1 } }, payment: p.id };
  };
  const sendToBoth = (request: object) => Promise.all([shop.a.url, shop.b.url, shop.a.url, shop.b.url].map((url) => call<{ data: Order }>(url, '/api/orders/create', request, shop.me)));
  // Every entry that marked money from YooKassa, whatever step id it came under.
  const paidEntries = (o: Order) => (o.history ?? []).filter((h) => h.what === 'Оплачен онлайн');

  it('marks it paid once, with its former number, when both servers take it at the same moment', async () => {
    const { a, b, stored } = shop;
    const { request, payment } = await lostPaidOrder(100);
    const answers = await sendToBoth(request);
    expect(answers.map((x) => x.status), JSON.stringify(answers.map((x) => x.body))).toEqual([200, 200, 200, 200]);
    const o = await stored(b.url, request.id);
    expect(o).toMatchObject({ number: 100, status: 'new', paid: { status: 'paid', method: 'online', amount: total }, online: { status: 'paid', payment } });
    expect(paidEntries(o)).toHaveLength(1);
    // Past its hold, both servers sweeping: still paid, still the studio's.
    await new Promise((r) => setTimeout(r, 7000));
    const later = await stored(a.url, request.id);
    expect(later.status).toBe('new');
    expect(paidEntries(later)).toHaveLength(1);
  }, 60_000);

  it('while YooKassa is away keeps it «checking» past its hold on both servers, then the sweeps mark it paid once', async () => {
    const { a, b, yk, stored } = shop;
    const { request, payment } = await lostPaidOrder(101);
    yk.paymentsAway(true);
    try {
      const answers = await sendToBoth(request);
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
      expect(answers.map((x) => x.body.data.online?.status)).toEqual(['checking', 'checking', 'checking', 'checking']);
      // Twice the hold, both servers sweeping every three seconds: not cancelled, its bouquet still held.
      await new Promise((r) => setTimeout(r, 12_000));
      expect(await stored(b.url, request.id)).toMatchObject({ status: 'new', online: { status: 'checking' } });
    } finally {
      yk.paymentsAway(false);
    }
    let o = await stored(a.url, request.id);
    for (let i = 0; i < 200 && o.paid?.status !== 'paid'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      o = await stored(a.url, request.id);
    }
    expect(o).toMatchObject({ status: 'new', paid: { status: 'paid', method: 'online' }, online: { status: 'paid', payment } });
    await new Promise((r) => setTimeout(r, 4000));
    expect(paidEntries(await stored(b.url, request.id))).toHaveLength(1);
  }, 90_000);
});
