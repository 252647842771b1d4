import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardTokens, searchWords } from '../../schema/studio/clients/client-search';
import type { OfficeRecord } from '../../schema/shared/record';
import { client } from '../../schema/entities/client';
import { sortedPage } from '../../schema/shared/record-page';
import { draftOf } from '../testing/order-rush';
import type { Product } from '../../schema/shop/product';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Saved = { data: OfficeRecord };
type Page = { data: { items: OfficeRecord[]; total: number; skip: number; limit: number } };

/** A full read of a database: every document, not the keys asked for. */
const readsEverything = (calls: unknown[][]) => calls.some(([opts]) => typeof opts !== 'object' || opts === null || !('keys' in opts));

describe('the clients list reads an index (issue 32, item 2)', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  const api = <T = Saved>(action: string, body: unknown) => call<T>(shop.url, `/api/clients/${action}`, body, admin);
  const names = async (search: string, params: object = {}) => (await api<Page>('list', { params: { skip: 0, limit: 200, ...params }, query: { search } })).body.data.items.map((r) => r.data.name);

  beforeAll(async () => {
    shop = await startTestShop();
    admin = await signIn(shop.url, demoPhones.admin);
    for (const data of [
      { name: 'Анна Петрова', phone: '79005551234', email: 'anna.petrova@mail.ru' },
      { name: 'Алёна Петровская', phone: '79005550000', otherPhones: '79167771234' },
      { name: 'Пётр Анисимов', phone: '79030001122', email: 'petr@example.com' },
      { name: 'Борис 12', phone: '79031112233' },
    ]) {
      const saved = await api('update', { data });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });
  afterAll(() => shop.close());

  it('a card’s tokens are its words and its phones’ endings, and a search asks for the words it should', () => {
    expect(cardTokens({ name: 'Алёна Петровская', phone: '79005550000', otherPhones: '79167771234' })).toEqual(
      expect.arrayContaining(['алена', 'петровская', '79005550000', '5550000', '000', '79167771234', '1234']),
    );
    expect(searchWords('+7 (900) 555-12-34')).toEqual(['79005551234']);
    expect(searchWords('8 900 555 12 34')).toEqual(['79005551234']);
    expect(searchWords('Пётр  АНИ')).toEqual(['петр', 'ани']);
  });

  it('finds a card by any word’s beginning, every word asked, by email, and by phone digits however typed', async () => {
    expect(await names('петров')).toEqual(['Алёна Петровская', 'Анна Петрова']);
    expect(await names('Петрова Анна')).toEqual(['Анна Петрова']);
    expect(await names('алена')).toEqual(['Алёна Петровская']);
    expect(await names('АН')).toEqual(['Анна Петрова', 'Пётр Анисимов']);
    expect(await names('mail.ru')).toEqual(['Анна Петрова']);
    expect(await names('petr@example')).toEqual(['Пётр Анисимов']);
    expect(await names('petr')).toEqual(['Анна Петрова', 'Пётр Анисимов']);
    expect(await names('+7 (900) 555-12-34')).toEqual(['Анна Петрова']);
    expect(await names('8 900 555 12 34')).toEqual(['Анна Петрова']);
    // Any run of digits of any phone: the other phones too.
    expect(await names('1234')).toEqual(['Алёна Петровская', 'Анна Петрова']);
    expect(await names('12')).toEqual(['Алёна Петровская', 'Анна Петрова', 'Борис 12', 'Пётр Анисимов']);
    expect(await names('петров', { sort: '-name' })).toEqual(['Анна Петрова', 'Алёна Петровская']);
    expect(await names('нет такого')).toEqual([]);
  });

  it('keeps the index current as cards change, and a search reads only the cards it finds', async () => {
    const card = (await api<Page>('list', { query: { search: 'Борис' } })).body.data.items[0];
    const renamed = await api('update', { id: card.id, updatedAt: card.updatedAt, data: { ...card.data, name: 'Глеб Семёнов' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await names('борис')).toEqual([]);
    expect(await names('семенов')).toEqual(['Глеб Семёнов']);
    const admins = vi.spyOn(shop.shop.storage.db('admin'), 'allDocs');
    const orders = vi.spyOn(shop.shop.storage.db('orders'), 'allDocs');
    try {
      expect(await names('глеб')).toEqual(['Глеб Семёнов']);
      const page = (await api<Page>('list', { params: { skip: 0, limit: 2 } })).body.data;
      expect(page.items).toHaveLength(2);
      expect(readsEverything(admins.mock.calls)).toBe(false);
      expect(readsEverything(orders.mock.calls)).toBe(false);
    } finally {
      admins.mockRestore();
      orders.mockRestore();
    }
    expect((await api('delete', { id: card.id })).status).toBe(200);
    expect(await names('глеб')).toEqual([]);
  });

  it('an unsearched page is the same page, in the same order, as sorting every card; its totals count the orders', async () => {
    const phone = '79005559876';
    const cookie = await signIn(shop.url, phone);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 5)!.id;
    const order = await call<{ data: { total: number } }>(shop.url, '/api/orders/create', draftOf(phone, [{ id: bouquet, count: 1 }]), cookie);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    // Sorted by a total, the list reads every card (the totals decide the order): the order to compare with.
    const all = (await api<Page>('list', { params: { skip: 0, limit: 200, sort: 'spent' } })).body.data;
    expect(all.total).toBeGreaterThanOrEqual(4);
    for (const sort of ['name', '-name', 'phone', 'birthday', '-createdAt', 'title']) {
      const expected = sortedPage(client, [...all.items], { skip: 0, limit: 200, sort }).data.items.map((r) => r.id);
      const paged = [...(await api<Page>('list', { params: { skip: 0, limit: 3, sort } })).body.data.items, ...(await api<Page>('list', { params: { skip: 3, limit: 200, sort } })).body.data.items];
      expect(paged.map((r) => r.id), sort).toEqual(expected);
      expect((await api<Page>('list', { params: { skip: 0, limit: 3, sort } })).body.data.total).toBe(all.total);
    }
    const mine = (await api<Page>('list', { query: { search: phone } })).body.data.items[0];
    expect(mine.data).toMatchObject({ orders: 1, spent: order.body.data.total });
    const page = (await api<Page>('list', { params: { skip: 0, limit: 200 } })).body.data.items;
    expect(page.find((r) => r.id === mine.id)?.data).toMatchObject({ orders: 1, spent: order.body.data.total });
  });

  it('bad input: a search of 201 characters is refused in Russian; page 10,000 is an empty page, read from the index alone', async () => {
    const long = await call<{ error: string }>(shop.url, '/api/clients/list', { query: { search: 'а'.repeat(201) } }, admin);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/[а-яё]/i);
    // 200 characters is a search, its words each looked up once.
    expect(await names('петрова '.repeat(25).slice(0, 200))).toEqual(['Анна Петрова']);
    const admins = vi.spyOn(shop.shop.storage.db('admin'), 'allDocs');
    try {
      const far = await api<Page>('list', { params: { skip: 200_000, limit: 20 } });
      expect(far.status).toBe(200);
      expect(far.body.data).toMatchObject({ items: [], skip: 200_000, limit: 20 });
      expect(far.body.data.total).toBeGreaterThan(0);
      expect(readsEverything(admins.mock.calls)).toBe(false);
    } finally {
      admins.mockRestore();
    }
  });
});
