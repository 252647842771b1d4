import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { StaffPushMessage } from '../../schema/studio/team/staff-push';
import { draftOf } from '../testing/order-rush';
import { startPushServiceStandIn } from '../testing/push-service-stand-in';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';
import { devicesPerStaff, staffPusherOf, subscriptions } from './staff-push';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type PushService = Awaited<ReturnType<typeof startPushServiceStandIn>>;

const siteOrder = async (url: string, cookie: string, customer: string, bouquet: string, id = `push-${crypto.randomUUID()}`): Promise<Order> => {
  const draft = { ...draftOf(customer, [{ id: bouquet, count: 1 }]), id };
  const placed = await call<{ data: Order }>(url, '/api/orders/create', draft, cookie);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.data;
};

const bouquetOf = async (url: string) => {
  const { body } = await call<{ data: { items: Product[] } }>(url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  return body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!.id;
};

/** The pushes one subscription received, decrypted. */
const pushesTo = (service: PushService, id: string): StaffPushMessage[] =>
  service.received.filter((p) => p.id === id).map((p) => JSON.parse(p.payload) as StaffPushMessage);

describe('Web Push for staff (issue 30, item 5), one shop', () => {
  let shop: Shop;
  let service: PushService;
  let florist: string;
  let admin: string;
  let customer: string;
  let bouquet: string;
  const customerPhone = '79551234567';
  const settled = () => staffPusherOf(shop.shop.storage)!.settled();

  beforeAll(async () => {
    service = await startPushServiceStandIn();
    shop = await startTestShop({ pushRetryMs: [50, 100] });
    [florist, admin, customer] = await Promise.all([demoPhones.florist, demoPhones.admin, customerPhone].map((p) => signIn(shop.url, p)));
    bouquet = await bouquetOf(shop.url);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await service?.close();
  });

  it('sends a new site order, its payment and its cancellation to a subscribed florist, signed with the store’s key and encrypted for the device', async () => {
    const key = await call<{ data: { publicKey: string } }>(shop.url, '/api/staff-push/key', {}, florist);
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.data.publicKey, 'base64url')).toHaveLength(65);
    // A customer may not subscribe, nor read the key.
    expect((await call(shop.url, '/api/staff-push/key', {}, customer)).status).toBe(403);
    const sub = service.subscribe();
    expect((await call(shop.url, '/api/staff-push/subscribe', sub.subscription, customer)).status).toBe(403);
    expect((await call(shop.url, '/api/staff-push/subscribe', sub.subscription, florist)).status).toBe(200);

    const order = await siteOrder(shop.url, customer, customerPhone, bouquet);
    await settled();
    const [news] = pushesTo(service, sub.id);
    expect(news).toMatchObject({ title: `Новый заказ с сайта №\u00a0${order.number}`, url: `/admin/orders/${order.number}` });
    expect(news!.body).not.toContain(customerPhone);
    const got = service.received.find((p) => p.id === sub.id)!;
    expect(got.signer).toBe(key.body.data.publicKey);
    expect(got.subject).toMatch(/^(mailto:|https:)/);
    expect(got.urgency).toBe('high');
    expect(service.refused).toEqual([]);

    const paid = await call(shop.url, '/api/orders/command', { id: `c-${crypto.randomUUID()}`, order: order.id, action: { kind: 'payment', status: 'paid', method: 'cash' } }, admin);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await settled();
    expect(pushesTo(service, sub.id).map((m) => m.title)).toContain(`Заказ №\u00a0${order.number} оплачен`);
    expect((await call(shop.url, '/api/orders/cancel', { id: order.id }, customer)).status).toBe(200);
    await settled();
    const titles = pushesTo(service, sub.id).map((m) => m.title);
    expect(titles).toContain(`Заказ №\u00a0${order.number} отменён`);
    // Each moment once, however many times the order was spread since.
    expect(titles).toHaveLength(3);
  });

  it('removes a subscription its push service has forgotten (410), tries one that answered 5xx again, and stops when the device turns it off', async () => {
    const gone = service.subscribe();
    const flaky = service.subscribe();
    const kept = service.subscribe();
    for (const s of [gone, flaky, kept]) expect((await call(shop.url, '/api/staff-push/subscribe', s.subscription, florist)).status).toBe(200);
    service.answer(gone.id, 410);
    service.answer(flaky.id, 503, 1);
    const first = await siteOrder(shop.url, customer, customerPhone, bouquet);
    await settled();
    const endpoints = (await subscriptions(shop.shop.storage)).map((s) => s.endpoint);
    expect(endpoints).not.toContain(gone.subscription.endpoint);
    expect(endpoints).toContain(kept.subscription.endpoint);
    expect(pushesTo(service, flaky.id).map((m) => m.url)).toEqual([`/admin/orders/${first.number}`]);

    // Turned off on this device only: the other device of the same florist still hears.
    expect((await call(shop.url, '/api/staff-push/unsubscribe', { endpoint: flaky.subscription.endpoint }, florist)).status).toBe(200);
    const second = await siteOrder(shop.url, customer, customerPhone, bouquet);
    await settled();
    expect(pushesTo(service, kept.id).map((m) => m.url)).toContain(`/admin/orders/${second.number}`);
    expect(pushesTo(service, flaky.id).map((m) => m.url)).toEqual([`/admin/orders/${first.number}`]);
  });

  it('takes subscriptions only for a push service on the internet, and keeps ten devices a person', async () => {
    const sub = service.subscribe().subscription;
    for (const endpoint of ['https://10.0.0.7/push/x', 'https://[::1]/push/x', 'http://fcm.googleapis.com/fcm/send/x', 'https://user:pw@fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com:8443/fcm/send/x', 'https://intranet/push/x', 'http://localhost:9/x']) {
      const refused = await call<{ error: string }>(shop.url, '/api/staff-push/subscribe', { ...sub, endpoint }, florist);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.error).toBe('Адрес подписки — только https:// службы уведомлений браузера');
    }
    expect((await subscriptions(shop.shop.storage)).map((s) => s.endpoint).filter((e) => !e.startsWith('http://127.0.0.1'))).toEqual([]);

    const manager = await signIn(shop.url, demoPhones.manager);
    const hers = Array.from({ length: devicesPerStaff + 1 }, () => service.subscribe());
    for (const s of hers) expect((await call(shop.url, '/api/staff-push/subscribe', s.subscription, manager)).status).toBe(200);
    const kept = (await subscriptions(shop.shop.storage)).filter((s) => s.staff === demoPhones.manager).map((s) => s.endpoint);
    expect(kept).toHaveLength(devicesPerStaff);
    expect(kept).not.toContain(hers[0]!.subscription.endpoint);
    expect(kept).toContain(hers[devicesPerStaff]!.subscription.endpoint);
  });
});

describe('Web Push for staff on two app servers sharing one store', () => {
  let two: Awaited<ReturnType<typeof startTwoShops>>;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushServiceStandIn();
    two = await startTwoShops();
  }, 90_000);
  afterAll(async () => {
    await two?.close();
    await service?.close();
  });

  it('both sign with the same keys, and one order sent to both at once is pushed once', async () => {
    const keyA = await call<{ data: { publicKey: string } }>(two.a.url, '/api/staff-push/key', {}, await signIn(two.a.url, demoPhones.manager));
    // Sessions live in the store: a cookie from one server is good on the other.
    const florist = await signIn(two.a.url, demoPhones.florist);
    const keyB = await call<{ data: { publicKey: string } }>(two.b.url, '/api/staff-push/key', {}, florist);
    expect(keyA.body.data.publicKey).toBe(keyB.body.data.publicKey);
    const sub = service.subscribe();
    expect((await call(two.b.url, '/api/staff-push/subscribe', sub.subscription, florist)).status).toBe(200);
    const phone = '79557654321';
    const cookie = await signIn(two.a.url, phone);
    const bouquet = await bouquetOf(two.a.url);
    const id = `push-${crypto.randomUUID()}`;
    // The device sends its draft to both (a retry that reached the other server): both spread the order.
    const [a, b] = await Promise.all([siteOrder(two.a.url, cookie, phone, bouquet, id), siteOrder(two.b.url, cookie, phone, bouquet, id)]);
    expect(a.number).toBe(b.number);
    await Promise.all([staffPusherOf(two.a.shop.storage)!.settled(), staffPusherOf(two.b.shop.storage)!.settled()]);
    expect(pushesTo(service, sub.id).filter((m) => m.url === `/admin/orders/${a.number}`)).toHaveLength(1);
  });
});
