import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nextDay, today } from '../../schema/shared/day';
import type { DebtsAnswer } from '../../schema/studio/clients/debts';
import type { Order } from '../../schema/studio/orders/order';
import type { OfficeRecord } from '../../schema/shared/record';
import { demoProducts } from '../seed/products';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!;
const customerPhone = '79550000031';

describe('/api/debts/list and recording payments (issue 21, item 3)', () => {
  let shop: Shop;
  let admin: string;
  let manager: string;
  let florist: string;
  let customer: string;
  const orders: Order[] = [];
  beforeAll(async () => {
    shop = await startTestShop();
    [admin, manager, florist, customer] = await Promise.all([signIn(shop.url, demoPhones.admin), signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist), signIn(shop.url, customerPhone)]);
  });
  afterAll(() => shop.close());

  const debts = async () => {
    const answer = await call<DebtsAnswer>(shop.url, '/api/debts/list', {}, admin);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const command = async (order: string, action: Record<string, unknown>) => {
    const answer = await call(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order, action }, manager);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const place = async (recipient: string): Promise<Order> => {
    const id = `debt-${crypto.randomUUID()}`;
    const draft = {
      id, lines: [{ id: product.id, count: 2 }], sender: { name: 'ООО «Ромашка»', phone: customerPhone }, recipient: { name: recipient, phone: '79440000009' },
      delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'cash',
    };
    expect((await call(shop.url, '/api/orders/create', draft, customer)).status).toBe(200);
    const { _id, _rev: _r, ...doc } = (await shop.shop.storage.db('orders').get(id)) as unknown as Order & { _id: string; _rev: string };
    return { ...doc, id: _id };
  };

  it('lists a customer’s orders handed over unpaid, summed by counterparty, and a payment closes each', async () => {
    for (const name of ['Ольга', 'Ирина', 'Мария']) orders.push(await place(name));
    // Not a debt yet: tomorrow's orders, unpaid until delivery.
    expect((await debts()).customers).toEqual([]);
    for (const o of orders.slice(0, 2)) await command(o.id, { kind: 'status', from: 'new', to: 'done' });
    const [first, second] = orders;
    const owed = await debts();
    expect(owed.customers).toHaveLength(1);
    expect(owed.customers[0]).toMatchObject({ key: customerPhone, name: 'ООО «Ромашка»', owed: first.total + second.total, since: first.date });
    expect(owed.customers[0].items.map((d) => [d.id, d.owed])).toEqual([
      [first.id, first.total],
      [second.id, second.total],
    ]);
    expect(owed.owedToUs).toBe(first.total + second.total);

    // A part payment leaves the rest owed; the whole closes it.
    await command(first.id, { kind: 'payment', status: 'paid', method: 'transfer', amount: first.total - 300 });
    expect((await debts()).customers[0].items.map((d) => [d.id, d.owed])).toEqual([
      [first.id, 300],
      [second.id, second.total],
    ]);
    await command(first.id, { kind: 'payment', status: 'paid', method: 'transfer', amount: first.total });
    await command(second.id, { kind: 'payment', status: 'paid', method: 'card' });
    expect(await debts()).toMatchObject({ customers: [], owedToUs: 0 });
  });

  it('lists posted invoices not paid in full by supplier; a payment to the supplier is a fact of its own', async () => {
    const made = await call<{ data: OfficeRecord }>(shop.url, '/api/invoices/update', {
      data: { number: '17', supplierName: 'База «Флора»', day: '2026-11-20', warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', qty: 100, price: 95.5 }], paid: 1000, status: 'draft', note: '' },
    }, florist);
    expect(made.status).toBe(200);
    // A draft is not owed yet.
    expect((await debts()).suppliers).toEqual([]);
    const posted = await call<{ data: OfficeRecord }>(shop.url, '/api/invoices/update', { id: made.body.data.id, updatedAt: made.body.data.updatedAt, data: { ...made.body.data.data, status: 'posted' } }, florist);
    expect(posted.status).toBe(200);
    const owed = await debts();
    expect(owed.suppliers).toEqual([
      { key: 'name:База «Флора»', kind: 'supplier', name: 'База «Флора»', owed: 8550, since: '2026-11-20', items: [{ kind: 'invoice', id: made.body.data.id, title: 'Накладная № 17 от 2026-11-20', total: 9550, owed: 8550, paid: 1000, since: '2026-11-20' }] },
    ]);
    expect(owed.owedByUs).toBe(8550);

    const pay = (amount: unknown, who = manager) => call<{ error: string }>(shop.url, '/api/supplier-payments/update', { data: { invoice: made.body.data.id, day: today(), amount, method: 'transfer', note: '' } }, who);
    expect((await pay(8000)).status).toBe(200);
    expect((await debts()).suppliers[0]).toMatchObject({ owed: 550 });
    expect((await pay(550)).status).toBe(200);
    expect(await debts()).toMatchObject({ suppliers: [], owedByUs: 0 });
  });

  it('lists a corporate client’s orders on credit apart, with its term and what is overdue; payments close them', async () => {
    const corpPhone = '79550000032';
    const directorPhone = '79550000033';
    const made = await call<{ data: OfficeRecord }>(shop.url, '/api/contractors/update', { data: { name: 'ООО «Ландыш»', inn: '7701234561', phones: [corpPhone, directorPhone], credit: true, creditDays: 10 } }, florist);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const corp = await signIn(shop.url, corpPhone);
    const id = `debt-${crypto.randomUUID()}`;
    const draft = {
      id, lines: [{ id: product.id, count: 1 }], sender: { name: 'Секретарь', phone: corpPhone }, recipient: { name: 'Юбиляр', phone: '79440000009' },
      delivery: { method: 'courier', address: 'Москва, ул. Тверская, 1' }, date: nextDay(today()), slot: '12:00–15:00', payment: 'cash',
    };
    expect((await call(shop.url, '/api/orders/create', draft, corp)).status).toBe(200);
    await command(id, { kind: 'status', from: 'new', to: 'done' });
    const fresh = (await shop.shop.storage.db('orders').get(id)) as unknown as Order;
    // An order its director placed a month ago from his own phone, delivered and still unpaid, stored as the order service stores one.
    const old = addDays(today(), -30);
    await shop.shop.storage.db('orders').put({ ...fresh, _id: 'debt-old-landysh', _rev: undefined, id: 'debt-old-landysh', number: 990_001, date: old, total: 7000, customer: directorPhone, createdAt: 1, updatedAt: 1 });

    const owed = await debts();
    expect(owed.customers.map((c) => c.key)).not.toContain(corpPhone);
    expect(owed.customers.map((c) => c.key)).not.toContain(directorPhone);
    expect(owed.corporate).toHaveLength(1);
    expect(owed.corporate[0]).toMatchObject({ key: made.body.data.id, kind: 'corporate', name: 'ООО «Ландыш»', owed: 7000 + fresh.total, since: old, creditDays: 10, overdue: 7000 });
    expect(owed.corporate[0].items.map((d) => [d.id, d.owed, d.due, d.overdue])).toEqual([
      ['debt-old-landysh', 7000, addDays(old, 10), true],
      [id, fresh.total, addDays(fresh.date, 10), false],
    ]);
    expect(owed).toMatchObject({ owedByCorporate: 7000 + fresh.total, overdue: 7000 });

    // A part payment of the old one lowers what is overdue; paid in full, it leaves the list.
    await command('debt-old-landysh', { kind: 'payment', status: 'paid', method: 'transfer', amount: 4000 });
    expect((await debts()).corporate[0]).toMatchObject({ owed: 3000 + fresh.total, overdue: 3000 });
    await command('debt-old-landysh', { kind: 'payment', status: 'paid', method: 'transfer', amount: 7000 });
    expect((await debts()).corporate[0]).toMatchObject({ owed: fresh.total, since: fresh.date, overdue: 0 });

    // Credit taken away, the same order is an ordinary customer's debt again.
    const stopped = await call(shop.url, '/api/contractors/update', { id: made.body.data.id, updatedAt: made.body.data.updatedAt, data: { ...made.body.data.data, credit: false } }, florist);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    const plain = await debts();
    expect(plain.corporate).toEqual([]);
    expect(plain.customers.find((c) => c.key === corpPhone)?.items.map((d) => d.id)).toEqual([id]);
    await command(id, { kind: 'payment', status: 'paid', method: 'transfer' });
    expect((await debts()).customers.find((c) => c.key === corpPhone)).toBeUndefined();
  });

  it('refuses bad payments and anyone but an admin reading the debts, in Russian, storing nothing', async () => {
    const stored = async () => JSON.stringify(await shop.shop.storage.db('office').allDocs());
    const before = await stored();
    for (const [amount, reason] of [[-100, /больше нуля/], [0, /больше нуля/], ['сто', /число рублей/], [10.001, /копейки/]] as const) {
      const answer = await call(shop.url, '/api/supplier-payments/update', { data: { invoice: 'invoice-0001', day: today(), amount, method: 'transfer', note: '' } }, manager);
      expect(answer.status, String(amount)).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(reason);
    }
    const byFlorist = await call<{ error: string }>(shop.url, '/api/supplier-payments/update', { data: { invoice: 'invoice-0001', day: today(), amount: 100, method: 'transfer', note: '' } }, florist);
    expect(byFlorist.status).toBe(403);
    expect(byFlorist.body.error).toMatch(/Недостаточно прав/);
    expect(await stored()).toBe(before);
    for (const who of [florist, manager, customer]) expect((await call(shop.url, '/api/debts/list', {}, who)).status).toBe(403);
    expect((await call(shop.url, '/api/debts/list', {})).status).toBe(401);
    expect((await call(shop.url, '/api/debts/list', { all: true }, admin)).status).toBe(400);
  });
});
