import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from '../../schema/shop/address';
import { nextDay, today } from '../../schema/shared/day';
import { formatRoubles } from '../../schema/shared/money';
import type { Order } from '../../schema/studio/orders/order';
import type { Page } from '../../schema/shop/page';
import type { Product } from '../../schema/shop/product';
import { defaultShopSettings, shopSettingsId, type ShopSettings } from '../../schema/studio/site/shop-settings';
import type { ShopSettingsAnswer, SmsGatewayAnswer } from '../../schema/studio/site/shop-settings-update';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';
import { startSmsGatewayStandIn } from '../testing/sms-gateway-stand-in';
import { sweepReminders } from '../clients/reminders';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Refusal = { error?: string; issues?: { path: string; message: string }[] };

const daysAhead = (n: number) => {
  let d = today();
  for (let i = 0; i < n; i++) d = nextDay(d);
  return d;
};
let seq = 0;
const draftId = () => `settings-draft-${String(++seq).padStart(8, '0')}`;

/**
 * The shop's settings (issue 21, item 5): saved by an admin on one app server, they price the next order on another
 * sharing the store at once, with no restart; a customer who saw the old price is told the new total, never charged it.
 */
describe('the shop settings', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let a: Shop;
  let b: Shop;
  let admin: string;
  let customer: string;
  let cheap: Product;
  const read = async (shop = a) => (await call<ShopSettingsAnswer>(shop.url, '/api/settings/get', {})).body.data;
  const save = (settings: unknown, updatedAt: number, cookie = admin) => call<ShopSettingsAnswer & Refusal>(a.url, '/api/settings/update', { settings, updatedAt }, cookie);
  const change = async (part: Partial<ShopSettings>) => {
    const { settings, updatedAt } = await read();
    const saved = await save({ ...settings, ...part }, updatedAt);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return saved.body.data.settings;
  };
  const draft = (over: Record<string, unknown> = {}) => ({
    id: draftId(),
    lines: [{ id: cheap.id, count: 1 }],
    sender: { name: 'Анна', phone: '79450000001' },
    recipient: { name: 'Ольга', phone: '79450000009' },
    delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' },
    date: daysAhead(5),
    slot: '12:00–15:00',
    payment: 'cash',
    ...over,
  });
  const place = (shop: Shop, body: unknown) => call<{ data: Order } & Refusal>(shop.url, '/api/orders/create', body, customer);

  beforeAll(async () => {
    shops = await startTwoShops();
    ({ a, b } = shops);
    [admin, customer] = await Promise.all([signIn(a.url, demoPhones.admin), signIn(a.url, '79450000001')]);
    const { body } = await call<{ data: { items: Product[] } }>(a.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    cheap = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5 && (p.discountPrice || p.price) < 3000)!;
    expect(cheap).toBeDefined();
  });
  afterAll(async () => {
    await shops?.close();
  });

  it('answers the defaults to anyone until an admin saves', async () => {
    expect(await read()).toEqual({ settings: defaultShopSettings, updatedAt: 0 });
    expect((await call<ShopSettingsAnswer>(b.url, '/api/settings/get', {}, customer)).body.data.settings).toEqual(defaultShopSettings);
  });

  it('prices an order on the other app server by a delivery price saved on this one, with no restart', async () => {
    const price = (cheap.discountPrice || cheap.price);
    const saved = await change({ deliveryPrice: 650, freeDeliveryFrom: 50_000 });
    expect(saved.deliveryPrice).toBe(650);
    expect((await read(b)).settings.deliveryPrice).toBe(650);
    const placed = await place(b, draft({ deliveryPrice: 650 }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data).toMatchObject({ deliveryPrice: 650, total: price + 650 });
    // And back, on the first: the threshold is a setting too.
    await change({ freeDeliveryFrom: price });
    const free = await place(a, draft({ deliveryPrice: 0 }));
    expect(free.body.data).toMatchObject({ deliveryPrice: 0, total: price });
    await change({ freeDeliveryFrom: 50_000 });
  });

  it('refuses a draft made with another delivery price than the settings give now: 409 with the new total, nothing placed', async () => {
    const price = cheap.discountPrice || cheap.price;
    await change({ deliveryPrice: 700 });
    const stale = draft({ deliveryPrice: 650 });
    const refused = await place(b, stale);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(formatRoubles(700));
    expect(refused.body.error).toContain(formatRoubles(price + 700));
    const orders = await call<{ data: Order[] }>(a.url, '/api/orders/list', {}, admin);
    expect(JSON.stringify(orders.body)).not.toContain(stale.id);
    // Sent again with the price now shown, it is placed at that price.
    const again = await place(a, { ...stale, deliveryPrice: 700 });
    expect(again.status).toBe(200);
    expect(again.body.data.total).toBe(price + 700);
  });

  it('opens the slots, closed days and limits the settings give, on the server as on the device', async () => {
    const closed = daysAhead(6);
    await change({ slots: ['10:00–14:00', '14:00–20:00'], closedDays: [closed], maxUnitsPerProduct: 2, bookingDays: 10 });
    const current = (await read(b)).settings.deliveryPrice;
    expect((await place(b, draft({ slot: '10:00–14:00', deliveryPrice: current }))).status).toBe(200);
    const gone = await place(b, draft({ slot: '12:00–15:00' }));
    expect(gone.status).toBe(400);
    expect(gone.body.error).toMatch(/время доставки/);
    expect((await place(b, draft({ date: closed, slot: '10:00–14:00' }))).status).toBe(400);
    const many = await place(b, draft({ slot: '10:00–14:00', lines: [{ id: cheap.id, count: 3 }] }));
    expect(many.status).toBe(400);
    expect(many.body.error).toContain('Не больше 2 шт.');
    const far = await place(b, draft({ slot: '10:00–14:00', date: daysAhead(11) }));
    expect(far.status).toBe(400);
    expect(far.body.error).toContain('10 дней');
    await change({ slots: defaultShopSettings.slots, closedDays: [], maxUnitsPerProduct: 10, bookingDays: 30 });
  });

  it('is saved by admins only', async () => {
    const { settings, updatedAt } = await read();
    for (const phone of [demoPhones.florist, demoPhones.manager]) {
      const answer = await save({ ...settings, deliveryPrice: 1 }, updatedAt, await signIn(a.url, phone));
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('Недостаточно прав');
    }
    expect((await save({ ...settings, deliveryPrice: 1 }, updatedAt, '')).status).toBe(401);
    expect((await read()).settings.deliveryPrice).toBe(settings.deliveryPrice);
  });

  it('refuses settings that would close every slot, a negative price or a value that is not a number, with a Russian reason, and stores nothing', async () => {
    const { settings, updatedAt } = await read();
    const every = Array.from({ length: 32 }, (_, i) => daysAhead(i));
    const bad: [Record<string, unknown>, string, RegExp][] = [
      [{ deliveryPrice: -100 }, 'deliveryPrice', /не может быть меньше нуля/],
      [{ deliveryPrice: 'пятьсот' }, 'deliveryPrice', /укажите число/],
      [{ freeDeliveryFrom: -1 }, 'freeDeliveryFrom', /не может быть меньше нуля/],
      [{ leadMinutes: 1.5 }, 'leadMinutes', /целое число/],
      [{ slots: [] }, 'slots', /хотя бы один интервал/],
      [{ slots: ['15:00–12:00'] }, 'slots', /раньше, чем начинается/],
      [{ slots: ['утром'] }, 'slots', /ЧЧ:ММ–ЧЧ:ММ/],
      [{ closedDays: ['31.12.2026'] }, 'closedDays', /ГГГГ-ММ-ДД/],
      [{ closedDays: every, bookingDays: 30 }, 'closedDays', /Закрыты все дни/],
      [{ maxUnitsPerProduct: 0 }, 'maxUnitsPerProduct', /не меньше 1/],
      [{ metrikaId: '<script>' }, 'metrikaId', /только цифры/],
    ];
    for (const [part, path, reason] of bad) {
      const answer = await save({ ...settings, ...part }, updatedAt);
      expect(answer.status, JSON.stringify(part)).toBe(400);
      const issue = answer.body.issues?.find((i) => i.path.startsWith(`settings.${path}`));
      expect(`${issue?.message}`, `${JSON.stringify(part)} ${JSON.stringify(answer.body)}`).toMatch(reason);
    }
    expect(await read()).toEqual({ settings, updatedAt });
    // A save from a copy read before another admin's is refused, not silently replaced.
    await change({ leadMinutes: 90 });
    expect((await save({ ...settings, deliveryPrice: 10 }, updatedAt)).status).toBe(409);
  });

  it('is in the public pages store every device pulls, and no page lists or shows it', async () => {
    const pulled = await fetch(`${a.url}/db/pages/_all_docs?include_docs=true`);
    const rows = ((await pulled.json()) as { rows: { id: string; doc: Page }[] }).rows;
    expect(rows.find((r) => r.id === shopSettingsId)?.doc.settings?.leadMinutes).toBe(90);
    const pages = await call<{ data: Page[] }>(a.url, '/api/pages/list', {});
    expect(pages.body.data.map((p) => p.id)).not.toContain(shopSettingsId);
    expect((await call(a.url, '/api/pages/get', { slug: shopSettingsId })).status).toBe(404);
    expect(addressOf(`/${shopSettingsId}`)).toBeNull();
  });

  it('brings clients’ dates as far ahead as the reminders setting says', async () => {
    const far = daysAhead(12);
    const saved = await call(a.url, '/api/clients/update', { data: { name: 'Вера Соколова', phone: '79450000100', dates: [{ title: 'Годовщина', kind: 'anniversary', date: far.slice(5) }] } }, admin);
    expect(saved.status).toBe(200);
    const reminded = async () => (await a.shop.storage.db('events').allDocs({ include_docs: true })).rows.filter((r) => JSON.stringify(r.doc).includes('Вера Соколова'));
    await sweepReminders(a.shop.storage);
    expect(await reminded()).toHaveLength(0);
    await change({ reminderDaysAhead: 14 });
    await sweepReminders(b.shop.storage);
    expect(await reminded()).toHaveLength(1);
  });
});

describe('the SMS gateway setting', () => {
  let shop: Shop;
  let gateway: Awaited<ReturnType<typeof startSmsGatewayStandIn>>;
  let admin: string;
  let florist: string;

  beforeAll(async () => {
    [shop, gateway] = await Promise.all([startTestShop(), startSmsGatewayStandIn()]);
    // Signed in before a gateway is saved: the demo's readable codes go with it.
    [admin, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.florist)]);
  });
  afterAll(async () => {
    await shop?.close();
    await gateway?.close();
  });

  it('sends a test message through the gateway an admin saved, never shows its token, and sign-in codes then go through it', async () => {
    const noneYet = await call<Refusal>(shop.url, '/api/settings/sms-test', { phone: '79450000200' }, admin);
    expect(noneYet.status).toBe(400);
    expect(noneYet.body.error).toMatch(/адрес SMS-шлюза/);
    const saved = await call<SmsGatewayAnswer>(shop.url, '/api/settings/sms-update', { url: gateway.url, token: gateway.token }, admin);
    expect(saved.body.data).toEqual({ url: gateway.url, hasToken: true });
    // The address may change without the token being typed again.
    expect((await call<SmsGatewayAnswer>(shop.url, '/api/settings/sms-update', { url: gateway.url }, admin)).body.data.hasToken).toBe(true);
    const read = await call<SmsGatewayAnswer>(shop.url, '/api/settings/sms-get', {}, admin);
    expect(JSON.stringify(read.body)).not.toContain(gateway.token);

    const sent = await call(shop.url, '/api/settings/sms-test', { phone: '79450000200' }, admin);
    expect(sent.status).toBe(200);
    expect(gateway.received).toEqual([{ phone: '79450000200', text: expect.stringContaining('Проверка SMS-шлюза') }]);

    expect((await call(shop.url, '/api/login', { phone: '79450000201' })).status).toBe(200);
    expect(gateway.received.at(-1)).toEqual({ phone: '79450000201', text: expect.stringMatching(/Код для входа.*\d{4}/) });
  });

  it('says in Russian when the gateway refuses, and lets only admins near it', async () => {
    gateway.refuse(402);
    const refused = await call<Refusal>(shop.url, '/api/settings/sms-test', { phone: '79450000200' }, admin);
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatch(/SMS-шлюз не принял сообщение/);
    gateway.refuse(0);
    expect((await call<Refusal>(shop.url, '/api/settings/sms-test', { phone: '123' }, admin)).status).toBe(400);
    for (const path of ['/api/settings/sms-get', '/api/settings/sms-update', '/api/settings/sms-test']) expect((await call(shop.url, path, { url: 'https://evil.example/' }, florist)).status, path).toBe(403);
    expect((await call<Refusal>(shop.url, '/api/settings/sms-update', { url: 'ftp://x' }, admin)).status).toBe(400);
  });
});
