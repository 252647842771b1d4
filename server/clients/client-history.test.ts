import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientHistory } from '../../schema/studio/clients/client-history';
import { today } from '../../schema/shared/day';
import { clientIdOf } from '../../schema/entities/client';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

const cyrillic = /[а-яё]/i;

describe('the client card: orders made for its dates in earlier years', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let admin: string;
  let florist: string;
  let bouquet: string;

  beforeAll(async () => {
    shop = await startTestShop();
    [admin, florist] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 5)!.id;
  });
  afterAll(() => shop.close());

  /** Places an order of the customer now, then moves its delivery day (the server refuses past days to a customer). */
  const orderOn = async (phone: string, cookie: string, date: string, recipient: { name: string; phone: string }, address: string) => {
    const draft = { ...draftOf(phone, [{ id: bouquet, count: 1 }]), recipient, delivery: { method: 'courier', address } };
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draft, cookie);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const db = shop.shop.storage.db('orders');
    const stored = await db.get<Order>(placed.body.data.id);
    await db.put({ ...stored, date });
    return placed.body.data;
  };

  it('lists, per date and birthday, the orders delivered on it or two days before in earlier years, and the last recipient', async () => {
    const phone = '79001000601';
    const cookie = await signIn(shop.url, phone);
    const year = Number(today().slice(0, 4));
    // Signing in made the card; the admin adds the birthday and the wife's birthday.
    const made = (await call<{ data: OfficeRecord }>(shop.url, '/api/clients/get', { id: clientIdOf(phone) }, admin)).body.data;
    const data = { ...made.data, name: 'Павел', birthday: '1980-07-20', dates: [{ title: 'День рождения жены', date: '03-08', recipient: 'Ольга' }] };
    const card = await call(shop.url, '/api/clients/update', { id: made.id, updatedAt: made.updatedAt, data }, admin);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const forWife = await orderOn(phone, cookie, `${year - 1}-03-07`, { name: 'Ольга', phone: '+7 900 200-00-01' }, 'Тверская, 1');
    const older = await orderOn(phone, cookie, `${year - 2}-03-08`, { name: 'Ольга', phone: '+7 900 200-00-01' }, 'Арбат, 2');
    await orderOn(phone, cookie, `${year - 1}-03-01`, { name: 'Ольга', phone: '+7 900 200-00-01' }, 'Тверская, 1');
    await orderOn(phone, cookie, `${year - 1}-07-22`, { name: 'Павел', phone: '+7 900 100-06-01' }, 'Пресня, 3');
    await orderOn(phone, cookie, `${year}-03-08`, { name: 'Ирина', phone: '+7 900 300-00-01' }, 'Ленина, 4');

    const answer = await call<{ data: ClientHistory }>(shop.url, '/api/clients/history', { id: clientIdOf(phone) }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { dates, last } = answer.body.data;
    expect(dates.map((d) => [d.title, d.date])).toEqual([['День рождения', '07-20'], ['День рождения жены', '03-08']]);
    // The birthday's order came two days after it: not for it.
    expect(dates[0].orders).toEqual([]);
    // This year's order and the one a week early are not for the date of an earlier year.
    expect(dates[1].orders.map((o) => o.number)).toEqual([forWife.number, older.number]);
    expect(dates[1].orders[0]).toMatchObject({ date: `${year - 1}-03-07`, total: forWife.total, recipient: { name: 'Ольга', phone: '79002000001', address: 'Тверская, 1' } });
    expect(last).toEqual({ name: 'Ирина', phone: '79003000001', address: 'Ленина, 4' });
  });

  it('answers a florist 403 and a card that does not exist 404, in Russian', async () => {
    const refused = await call<{ error: string }>(shop.url, '/api/clients/history', { id: clientIdOf('79001000601') }, florist);
    expect(refused.status).toBe(403);
    const missing = await call<{ error: string }>(shop.url, '/api/clients/history', { id: clientIdOf('79001000699') }, admin);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(cyrillic);
  });
});
