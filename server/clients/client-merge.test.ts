import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientHistory } from '../../schema/studio/clients/client-history';
import { clientIdOf } from '../../schema/entities/client';
import type { OrderAction } from '../../schema/studio/orders/order-command';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { studioOrdersDb } from '../orders/spread';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Saved = { data: OfficeRecord };
type Page = { data: { items: OfficeRecord[] } };

/** A merge sticks: the merged card's phone finds the kept card on sign-in and on every kind of order, on any app server. */
describe('clients: a card merged into another stays merged', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let a: Shop;
  let b: Shop;
  let admin: string;
  let manager: string;
  let bouquet: string;
  const api = <T = Saved>(action: string, body: unknown) => call<T>(a.url, `/api/clients/${action}`, body, admin);
  /** Every card that holds the phone, main or other. */
  const cardsOf = async (phone: string) => (await api<Page>('list', { params: { skip: 0, limit: 200 }, query: { search: phone.slice(1) } })).body.data.items.map((r) => r.id);
  const siteOrder = async (shop: Shop, phone: string, cookie: string) => {
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet, count: 1 }]), cookie);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  };
  const studioOrder = async (shop: Shop, phone: string, source: string, recipient: string) => {
    const base = draftOf(phone, [{ id: bouquet, count: 1 }]);
    const draft = { ...base, recipient: { ...base.recipient, name: recipient }, source, customer: { phone, name: 'Мария' } };
    const action = { kind: 'create', draft } as OrderAction;
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: draft.id, action }, manager);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data;
  };

  beforeAll(async () => {
    shops = await startTwoShops();
    ({ a, b } = shops);
    [admin, manager] = [await signIn(a.url, demoPhones.admin), await signIn(b.url, demoPhones.manager)];
    const { body } = await call<{ data: { items: Product[] } }>(a.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 10)!.id;
  });
  afterAll(async () => {
    await shops?.close();
  });

  it('finds the kept card by the merged phone on sign-in, a site order, a phone order and a counter sale: one card, its totals and history count them', async () => {
    const [kept, dropped] = ['79001000701', '79001000702'];
    await signIn(a.url, kept);
    const first = await siteOrder(b, dropped, await signIn(b.url, dropped));
    const card = (await api('get', { id: clientIdOf(kept) })).body.data;
    expect((await api('update', { id: card.id, updatedAt: card.updatedAt, data: { ...card.data, alert: 'без лилий' } })).status).toBe(200);
    const merged = await api('merge', { keep: clientIdOf(kept), drop: clientIdOf(dropped) });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);

    // Signed in and ordering from the merged phone on the other app server.
    const again = await signIn(b.url, dropped);
    expect(await cardsOf(dropped)).toEqual([clientIdOf(kept)]);
    const site = await siteOrder(b, dropped, again);
    const byPhone = await studioOrder(a, dropped, 'phone', 'Ольга Телефонная');
    const counter = await studioOrder(b, dropped, 'showcase', 'Ольга с витрины');

    expect(await cardsOf(dropped)).toEqual([clientIdOf(kept)]);
    expect((await api('get', { id: clientIdOf(dropped) })).status).toBe(404);
    const orders = [first, site, byPhone, counter];
    const totals = (await api('get', { id: clientIdOf(kept) })).body.data.data;
    expect(totals).toMatchObject({ phone: kept, otherPhones: dropped, orders: 4, spent: orders.reduce((s, o) => s + o.total, 0) });
    // The florist sees the kept card's note on every order from the merged phone, the one placed before the merge too.
    const studio = a.shop.storage.db(studioOrdersDb);
    for (const o of orders) expect((await studio.get<Order>(o.id)).clientNote, o.id).toBe('без лилий');
    const history = await api<{ data: ClientHistory }>('history', { id: clientIdOf(kept) });
    expect(history.status).toBe(200);
    expect(history.body.data.last?.name).toBe('Ольга с витрины');
  });

  it('finds a card by a phone an admin typed into «Другие телефоны»: no second card for it', async () => {
    const [main, other] = ['79001000801', '79001000802'];
    const created = await api('update', { data: { name: 'Анна', phone: main, otherPhones: `+7 900 100-08-02` } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const placed = await siteOrder(b, other, await signIn(b.url, other));
    await studioOrder(a, other, 'phone', 'Ольга');
    expect(await cardsOf(other)).toEqual([clientIdOf(main)]);
    expect((await api('get', { id: clientIdOf(main) })).body.data.data).toMatchObject({ orders: 2 });
    expect(placed.customer).toBe(other);
  });

  it('refuses, in Russian, a second card for a phone another card holds, by hand or from the CSV; the holder is still edited', async () => {
    const [main, other, third] = ['79001000901', '79001000902', '79001000903'];
    const holder = (await api('update', { data: { name: 'Вера', phone: main, otherPhones: other } })).body.data;
    const before = (await api<Page>('list', { params: { skip: 0, limit: 200 }, query: {} })).body.data.items.length;
    const byHand = await api<{ error: string }>('update', { data: { name: 'Вера вторая', phone: other } });
    expect(byHand.status).toBe(400);
    expect(byHand.body.error).toMatch(/уже есть в карточке «Вера».*объедините/);
    const another = (await api('update', { data: { name: 'Пётр', phone: third } })).body.data;
    const taking = await api('update', { id: another.id, updatedAt: another.updatedAt, data: { ...another.data, otherPhones: other } });
    expect(taking.status).toBe(400);
    const renamed = await api('update', { id: holder.id, updatedAt: holder.updatedAt, data: { ...holder.data, name: 'Вера Павловна' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const csv = ['phone,name,otherPhones,email,birthday,source,alert,note,dates', `${other},Вера из файла,,,,,,,`, `${third},Пётр,${other},,,,,,`].join('\n');
    const read = await call<{ created: number; updated: number; errors: { line: number; error: string }[] }>(a.url, '/api/clients/import', { csv }, admin);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ created: 0, updated: 0 });
    expect(read.body.errors.map((e) => e.line)).toEqual([2, 3]);
    for (const e of read.body.errors) expect(e.error).toMatch(/уже есть в карточке/);
    expect((await api<Page>('list', { params: { skip: 0, limit: 200 }, query: {} })).body.data.items.length).toBe(before + 1);
    expect(await cardsOf(other)).toEqual([clientIdOf(main)]);
  });
});
