import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles } from '../../schema/shared/money';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { customerOrdersDb } from '../../schema/shared/databases';
import { customerRefundText, returnedToCustomer } from '../../schema/shop/customer-refund';
import { givenBack, owed } from '../../schema/studio/orders/order-money';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { startYookassaStandIn, type YookassaStandIn } from '../testing/yookassa-stand-in';
import { paidOnline, startedOnline, startYookassaShop } from '../testing/paid-online';
import { until } from '../testing/until';
import { refundSender, refundsOfOrder } from './refunds';
import { queuedRefunds, refreshCustomerCopy, writeCustomerCopy } from '../orders/spread';
import { orderOf, recordFromDoc } from '../orders/order-record';

const customer = '79440000802';

/** The generation of a stored document's revision («3-abc» → 3): how many times it was written. */
const generation = (rev: string | undefined) => Number((rev ?? '0').split('-')[0]);

/**
 * What the customer's /my reads of money going back (issue 30): the studio's own refunds (cash, card at the studio)
 * beside YooKassa's, and a refund's state as the queue holds it, whichever app server recorded it.
 */
describe('money going back, as the customer’s copy tells it', () => {
  let yk: YookassaStandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let manager: string;
  let bouquet: Product;
  const send = (order: string, action: object, id = `cmd-${crypto.randomUUID()}`) => call<{ error?: string }>(shop.url, '/api/orders/command', { id, order, action }, manager);
  const orderOf = (id: string) => shop.shop.storage.db('orders').get<Order>(id);
  const copyOf = (id: string) => shop.shop.storage.db(customerOrdersDb(customer)).get<Order>(id);

  beforeAll(async () => {
    ({ yk, shop, me, manager, bouquet } = await startYookassaShop(customer));
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await yk?.close();
  });

  /** An order the customer chose to pay at the studio, paid there by `method`: its id, total and the payment's command. */
  const paidAtStudio = async (method: 'cash' | 'card') => {
    const { id } = await startedOnline(shop.url, me, { id: `studio-${crypto.randomUUID()}`, bouquet: bouquet.id, count: 2, customer, recipient: '79440000809' });
    expect((await call(shop.url, '/api/payments/on-delivery', { order: id }, me)).status).toBe(200);
    const paidBy = `pay-${crypto.randomUUID()}`;
    expect((await send(id, { kind: 'payment', status: 'paid', method }, paidBy)).status).toBe(200);
    return { id, paidBy, total: (await orderOf(id)).total };
  };

  it('«Вернуть деньги» in cash on a kept order and by card on a cancelled one reach /my, summed as the studio sums what it gave back; nothing goes to YooKassa', async () => {
    const kept = await paidAtStudio('cash');
    expect((await send(kept.id, { kind: 'refund', payment: kept.paidBy, amount: 100 })).status).toBe(200);
    const keptCopy = await until(() => copyOf(kept.id), (o) => !!o.refunds?.length);
    expect(keptCopy.refunds).toEqual([{ amount: 100, state: 'done', way: 'cash' }]);
    expect(customerRefundText(keptCopy.refunds![0]!)).toBe(`Возвращено ${formatRoubles(100)} наличными`);
    // The same rule as the studio's: what the copy says went back is what `owed` takes off, and nothing is owed.
    const keptOrder = await orderOf(kept.id);
    expect(returnedToCustomer(keptCopy.refunds)).toBe(givenBack(keptOrder.history));
    expect(owed(keptOrder)).toBe(0);
    expect(keptCopy.history).toBeUndefined();

    const cancelled = await paidAtStudio('card');
    expect((await send(cancelled.id, { kind: 'status', from: 'new', to: 'cancelled', reason: 'Передумали' })).status).toBe(200);
    expect((await send(cancelled.id, { kind: 'refund', payment: cancelled.paidBy, amount: cancelled.total })).status).toBe(200);
    const cancelledCopy = await until(() => copyOf(cancelled.id), (o) => !!o.refunds?.length);
    expect(cancelledCopy.refunds).toEqual([{ amount: cancelled.total, state: 'done', way: 'card' }]);
    expect(customerRefundText(cancelledCopy.refunds![0]!)).toBe(`Возвращено ${formatRoubles(cancelled.total)} на карту в студии`);
    // The studio's money is the studio's to hand back: no refund is queued for YooKassa.
    expect([...(await refundsOfOrder(shop.shop.storage, kept.id)), ...(await refundsOfOrder(shop.shop.storage, cancelled.id))]).toEqual([]);
  }, 60_000);

  it('a YooKassa refund that answers pending and then succeeds: the copy goes from «going» to «done» once, with no change of the order', async () => {
    const { id } = await paidOnline(shop.url, yk, me, { id: `pend-${crypto.randomUUID()}`, bouquet: bouquet.id, count: 2, customer, recipient: '79440000809' });
    const paidBy = (await orderOf(id)).history!.find((h) => 'paid' in h.after)!.command;
    yk.troubleRefunds('pending');
    expect((await send(id, { kind: 'refund', payment: paidBy, amount: 100 })).status).toBe(200);
    const [pending] = await until(() => refundsOfOrder(shop.shop.storage, id), (rs) => rs[0]?.refundState === 'pending' && !rs[0].copyDue);
    const going = await copyOf(id);
    expect(going.refunds).toEqual([{ amount: 100, state: 'going' }]);
    const orderRev = (await orderOf(id))._rev;
    yk.finishRefund(pending!.providerId!);
    const done = await until(() => copyOf(id), (o) => o.refunds?.[0]?.state === 'done');
    expect(done.refunds).toEqual([{ amount: 100, state: 'done' }]);
    // Several rounds later: written once for the change, the mark cleared, the order itself untouched.
    await until(() => refundsOfOrder(shop.shop.storage, id), (rs) => rs[0]?.refundState === 'succeeded' && !rs[0].copyDue);
    await new Promise((r) => setTimeout(r, 400));
    expect(generation((await copyOf(id))._rev)).toBe(generation(going._rev) + 1);
    expect((await orderOf(id))._rev).toBe(orderRev);
  }, 60_000);
});

/**
 * A refund's state and the customer's copy are two writes: the copy must follow the state whatever happens between
 * them, on any app server. The shop's own sender waits an hour between rounds here; the test runs senders as other
 * app servers would, on the same store.
 */
describe('the customer’s copy follows a refund’s state on any app server', () => {
  let yk: YookassaStandIn;
  let shop: Awaited<ReturnType<typeof startTestShop>>;

  beforeAll(async () => {
    yk = await startYookassaStandIn();
    shop = await startTestShop({ yookassa: { shopId: yk.shopId, secretKey: yk.secretKey, apiUrl: yk.apiUrl }, receiptsEveryMs: 3_600_000 });
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await yk?.close();
  });

  it('a sender that recorded the refund but could not write the copy leaves it to the next round of another; a writer that read the refunds before the state moved writes again', async () => {
    const { storage, config } = shop.shop;
    const [me, manager] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.manager)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const bouquet = body.data.items.filter((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 3)[0]!;
    const { id } = await paidOnline(shop.url, yk, me, { id: `dead-${crypto.randomUUID()}`, bouquet: bouquet.id, count: 1, customer, recipient: '79440000809' });
    const order = await shop.shop.storage.db('orders').get<Order>(id);
    const paidBy = order.history!.find((h) => 'paid' in h.after)!.command;
    expect((await call(shop.url, '/api/orders/command', { id: `refund-${crypto.randomUUID()}`, order: id, action: { kind: 'refund', payment: paidBy, amount: 100 } }, manager)).status).toBe(200);
    const copy = () => storage.db(customerOrdersDb(customer)).get<Order>(id);
    expect((await copy()).refunds).toEqual([{ amount: 100, state: 'going' }]);

    // An app server whose copy write fails (the customer's database away) after YooKassa returned the money.
    const dead = refundSender(storage, config, 50, () => Promise.reject(new Error('orders database away')));
    await dead.round();
    const [recorded] = await refundsOfOrder(storage, id);
    expect([recorded!.refundState, recorded!.copyDue]).toEqual(['succeeded', true]);
    expect((await copy()).refunds).toEqual([{ amount: 100, state: 'going' }]);

    // Another app server's round: the state is done at YooKassa, nothing is sent again, the copy follows, the mark goes.
    const other = refundSender(storage, config, 50, (order) => refreshCustomerCopy(storage, order));
    const requests = yk.refundRequests.length;
    await other.round();
    expect((await copy()).refunds).toEqual([{ amount: 100, state: 'done' }]);
    expect((await refundsOfOrder(storage, id))[0]!.copyDue).toBeUndefined();
    expect(yk.refundRequests.length).toBe(requests);
    const told = (await copy())._rev;
    await other.round();
    expect((await copy())._rev).toBe(told);

    // A command's copy write that read the refunds just before the sender recorded «done», writing after the sender's
    // own write of the copy: it reads them again after its write and puts the state back.
    const before: Awaited<ReturnType<typeof queuedRefunds>> = [{ command: recorded!.refund.command, amount: 100, state: 'going' }];
    let reads = 0;
    const lateReader = (s: typeof storage, o: Order) => (reads++ === 0 ? Promise.resolve(before) : queuedRefunds(s, o));
    await writeCustomerCopy(storage, orderOf(recordFromDoc(await storage.db('orders').get<object>(id))), true, lateReader);
    expect(reads).toBe(3);
    expect((await copy()).refunds).toEqual([{ amount: 100, state: 'done' }]);
  }, 60_000);
});
