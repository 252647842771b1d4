import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientIdOf } from '../../schema/entities/client';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { studioOrdersDb } from '../orders/spread';
import { knownClient } from './known-client';

type Saved = { data: OfficeRecord };
type Page = { data: { items: OfficeRecord[]; total: number } };
const cyrillic = /[а-яё]/i;

describe('clients: the card, its rules and who sees it', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let florist: string;
  let bouquet: string;
  const api = <T = Saved>(action: string, body: unknown, cookie = admin) => call<T>(shop.url, `/api/clients/${action}`, body, cookie);
  const stored = async () => JSON.stringify(await shop.shop.storage.db('admin').allDocs({ include_docs: true }));

  beforeAll(async () => {
    shop = await startTestShop();
    [admin, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 5)!.id;
  });
  afterAll(() => shop.close());

  it('refuses a malformed phone or birthday and a second card of one phone in Russian, storing nothing', async () => {
    const first = await api('update', { data: { name: 'Вера', phone: '+7 (900) 100-00-01' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.id).toBe(clientIdOf('79001000001'));
    const before = await stored();
    for (const [data, status] of [
      [{ name: 'Вера', phone: '12345' }, 400],
      [{ name: 'Вера', phone: '79001000002', birthday: '1990-02-30' }, 400],
      [{ name: 'Вера', phone: '79001000002', birthday: '30.01.1990' }, 400],
      [{ name: 'Вера', phone: '79001000002', dates: [{ title: 'Годовщина', date: '13-01' }] }, 400],
      [{ name: 'Вера вторая', phone: '8 900 100 00 01' }, 409],
    ] as const) {
      const answer = await api('update', { data });
      expect(answer.status, JSON.stringify(data)).toBe(status);
      expect(JSON.stringify(answer.body)).toMatch(cyrillic);
    }
    const moved = await api('update', { id: first.body.data.id, updatedAt: first.body.data.updatedAt, data: { name: 'Вера', phone: '79001000009' } });
    expect(moved.status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('makes a card for each customer who signs in or orders, once, and none for staff', async () => {
    const phone = '79001000101';
    const cookie = await signIn(shop.url, phone);
    await signIn(shop.url, phone);
    await Promise.all([1, 2, 3].map(() => knownClient(shop.shop.storage, { phone, name: 'Другое имя', source: 'phone' })));
    const card = await api('get', { id: clientIdOf(phone) });
    expect(card.status).toBe(200);
    expect(card.body.data.data).toMatchObject({ phone, source: 'site', orders: 0, spent: 0 });
    expect((await api('get', { id: clientIdOf(demoPhones.florist) })).status).toBe(404);
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet, count: 1 }]), cookie);
    expect(placed.status).toBe(200);
    const rows = (await shop.shop.storage.db('admin').allDocs()).rows.filter((r) => r.id === clientIdOf(phone));
    expect(rows).toHaveLength(1);
  });

  it('names a site customer’s card by the name typed at checkout, and never replaces a name staff typed', async () => {
    const phone = '79001000151';
    const cookie = await signIn(shop.url, phone);
    const signedIn = (await api('get', { id: clientIdOf(phone) })).body.data;
    expect(signedIn).toMatchObject({ title: phone, data: { name: '' } });
    const order = (name: string) => call(shop.url, '/api/orders/create', { ...draftOf(phone, [{ id: bouquet, count: 1 }]), sender: { name, phone } }, cookie);
    expect((await order('Мария Соколова')).status).toBe(200);
    const named = (await api('get', { id: clientIdOf(phone) })).body.data;
    expect(named).toMatchObject({ title: 'Мария Соколова', data: { name: 'Мария Соколова', source: 'site' } });
    const renamed = await api('update', { id: named.id, updatedAt: named.updatedAt, data: { ...named.data, name: 'Маша (постоянная)' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await order('Кто-то другой')).status).toBe(200);
    expect((await api('get', { id: clientIdOf(phone) })).body.data).toMatchObject({ title: 'Маша (постоянная)', data: { name: 'Маша (постоянная)' } });
  });

  it('counts the totals from the orders, and filters and sorts by them', async () => {
    const phone = '79001000201';
    const cookie = await signIn(shop.url, phone);
    const placed = [];
    for (let i = 0; i < 2; i++) placed.push((await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet, count: 1 + i }]), cookie)).body.data);
    const sum = placed.reduce((s, o) => s + o.total, 0);
    const card = (await api('get', { id: clientIdOf(phone) })).body.data;
    expect(card.data).toMatchObject({ orders: 2, spent: sum, averageCheck: Math.round(sum / 2), lastOrder: placed[1].date });

    const top = (await api<Page>('list', { params: { skip: 0, limit: 1, sort: '-spent' }, query: {} })).body.data.items;
    expect(top[0].id).toBe(clientIdOf(phone));
    const dormant = (await api<Page>('list', { params: { skip: 0, limit: 200 }, query: { view: 'dormant' } })).body.data.items.map((r) => r.id);
    expect(dormant).toContain(clientIdOf('79001000001'));
    expect(dormant).not.toContain(clientIdOf(phone));
    // Sent totals are not stored: the server counts them.
    const edited = await api('update', { id: card.id, updatedAt: card.updatedAt, data: { ...card.data, orders: 99, spent: 1 } });
    expect(edited.body.data.data).toMatchObject({ orders: 2, spent: sum });
    expect(JSON.stringify((await shop.shop.storage.db('admin').get(card.id)))).not.toContain('"spent"');
  });

  it('lists birthdays this month and dates coming in 14 days; a view that does not exist is refused', async () => {
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    const soon = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(5, 10);
    const far = new Date(now.getTime() + 40 * 86_400_000).toISOString().slice(5, 10);
    await api('update', { data: { name: 'Именинница', phone: '79001000301', birthday: `1990-${month}-01` } });
    await api('update', { data: { name: 'С женой', phone: '79001000302', dates: [{ title: 'День рождения жены', date: soon, recipient: 'Ольга' }] } });
    await api('update', { data: { name: 'Не скоро', phone: '79001000303', dates: [{ title: 'Годовщина', kind: 'anniversary', date: far }] } });
    const view = async (v: string) => (await api<Page>('list', { params: { skip: 0, limit: 200 }, query: { view: v } })).body.data.items.map((r) => r.data.name);
    expect(await view('birthday-month')).toContain('Именинница');
    expect(await view('date-soon')).toEqual(expect.arrayContaining(['С женой']));
    expect(await view('date-soon')).not.toContain('Не скоро');
    expect((await api('list', { query: { view: 'all-of-them' } })).status).toBe(400);
    const byPhone = (await api<Page>('list', { query: { search: '+7 900 100-03-02' } })).body.data.items.map((r) => r.data.name);
    expect(byPhone).toEqual(['С женой']);
  });

  it('shows the card’s note on the staff copy of every order of the client, placed before or after, never on the customer’s', async () => {
    const phone = '79001000401';
    const cookie = await signIn(shop.url, phone);
    const earlier = (await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet, count: 1 }]), cookie)).body.data;
    const card = (await api('get', { id: clientIdOf(phone) })).body.data;
    const saved = await api('update', { id: card.id, updatedAt: card.updatedAt, data: { ...card.data, alert: 'аллергия на лилии' } });
    expect(saved.status).toBe(200);
    const later = (await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet, count: 1 }]), cookie)).body.data;
    const studio = shop.shop.storage.db(studioOrdersDb);
    for (const o of [earlier, later]) expect(await studio.get<Order>(o.id)).toMatchObject({ clientNote: 'аллергия на лилии' });
    expect(later.clientNote).toBeUndefined();
    const customerCopy = await shop.shop.storage.db(`orders-${phone}`).get(later.id);
    expect(JSON.stringify(customerCopy)).not.toContain('лилии');

    const now = (await api('get', { id: card.id })).body.data;
    await api('update', { id: card.id, updatedAt: now.updatedAt, data: { ...now.data, alert: '' } });
    expect((await studio.get<Order>(earlier.id)).clientNote).toBeUndefined();
  });

  it('keeps every card off staff and customer devices: the API refuses a florist, /db has no client data for her', async () => {
    const refused = await api('list', {}, florist);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toMatch(cyrillic);
    const admins = await fetch(`${shop.url}/db/admin/_all_docs`, { headers: { cookie: florist } });
    expect([403, 404]).toContain(admins.status);
    const office = await fetch(`${shop.url}/db/office/_all_docs?include_docs=true`, { headers: { cookie: florist } });
    expect(await office.text()).not.toContain('"client"');
  });

  it('merges two cards of one person: the kept card takes the other’s phone, dates and notes, and counts its orders; the other is gone', async () => {
    const phone = '79001000501';
    const cookie = await signIn(shop.url, phone);
    const order = (await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet, count: 1 }]), cookie)).body.data;
    const kept = (await api('update', { data: { name: 'Ирина Смирнова', phone: '79001000502', alert: 'без роз', dates: [{ title: 'Годовщина', date: '06-15' }] } })).body.data;
    const other = (await api('get', { id: clientIdOf(phone) })).body.data;
    await api('update', { id: other.id, updatedAt: other.updatedAt, data: { ...other.data, birthday: '1985-04-01', alert: 'аллергия на лилии', dates: [{ title: 'Годовщина', date: '06-15' }, { title: 'День рождения мамы', date: '05-12' }] } });
    const refused = await call(shop.url, '/api/clients/merge', { keep: kept.id, drop: kept.id }, admin);
    expect(refused.status).toBe(400);
    expect((await call(shop.url, '/api/clients/merge', { keep: kept.id, drop: other.id }, florist)).status).toBe(403);

    const merged = await call<Saved>(shop.url, '/api/clients/merge', { keep: kept.id, drop: other.id }, admin);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const card = (await api('get', { id: kept.id })).body.data.data;
    expect(card).toMatchObject({ name: 'Ирина Смирнова', otherPhones: phone, birthday: '1985-04-01', alert: 'без роз; аллергия на лилии', orders: 1, spent: order.total });
    expect((card.dates as { title: string }[]).map((d) => d.title)).toEqual(['Годовщина', 'День рождения мамы']);
    expect((await api('get', { id: other.id })).status).toBe(404);
    // Searching by the merged phone finds the kept card.
    const found = (await api<Page>('list', { query: { search: phone.slice(1) } })).body.data.items.map((r) => r.id);
    expect(found).toEqual([kept.id]);
    // and keeps finding it: signing in again from the merged phone makes no card of its own.
    await signIn(shop.url, phone);
    expect((await api<Page>('list', { query: { search: phone.slice(1) } })).body.data.items.map((r) => r.id)).toEqual([kept.id]);
    // Its orders carry the kept card's note now.
    expect((await shop.shop.storage.db(studioOrdersDb).get<Order>(order.id)).clientNote).toBe('без роз; аллергия на лилии');
  });
});
