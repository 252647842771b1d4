import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../schema/shared/day';
import { deliverySlots, type Order } from '../../schema/studio/orders/order';
import type { CommandOutcome, OrderAction } from '../../schema/studio/orders/order-command';
import { shiftTakings } from '../../schema/studio/money/shift-takings';
import { customerOrdersDb } from '../../schema/shared/databases';
import { demoPhones, startTestShop } from '../testing/test-shop';
import { techCardStudio as studio } from '../testing/tech-card-studio';
import { recordFromDoc } from './order-record';

/** A counter sale's draft: the showcase, taken away now, the buyer as typed (a walk-in types nothing). */
const saleDraft = (id: string, product: string, buyer = { phone: '', name: '' }) => ({
  id,
  source: 'showcase',
  customer: buyer,
  sender: buyer,
  recipient: buyer,
  lines: [{ id: product, count: 1 }],
  delivery: { method: 'pickup' },
  date: today(),
  slot: deliverySlots[deliverySlots.length - 1],
  payment: 'cash',
});

describe('a counter sale completes at once (issue 29, item 2)', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof studio>>;
  beforeAll(async () => {
    shop = await startTestShop();
    s = await studio(shop.url);
  });
  afterAll(() => shop.close());

  const stored = async (id: string) => recordFromDoc(await shop.shop.storage.db('orders').get(id));
  const eventOf = async (number: number) => shop.shop.storage.db('events').get<{ type: string; day: string; title: string; sum: number }>(`order-${number}`);

  it('a walk-in sale through /api: no phone, no name; handed over, paid, its stems taken, a «Продажа» of today and in the day’s takings', async () => {
    const id = `sale-${crypto.randomUUID()}`.slice(0, 40);
    const [rose, euc] = [await s.balance(s.rose), await s.balance(s.euc)];
    const created = await s.send(id, { kind: 'create', draft: saleDraft(id, s.bouquet.id) } as OrderAction, `new-${id}`);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await s.send(id, { kind: 'payment', status: 'paid', method: 'cash' })).status).toBe(200);

    const o = await stored(id);
    expect(o).toMatchObject({ status: 'done', customer: '', source: 'showcase', sender: { phone: '', name: 'Покупатель в студии' }, paid: { status: 'paid', method: 'cash' } });
    expect(o.history?.map((h) => h.after.status).filter(Boolean)).toEqual(['done']);
    // The bouquet's tech card: 15 roses and a base of 3 eucalyptus stems.
    expect([await s.balance(s.rose), await s.balance(s.euc)]).toEqual([rose - 15, euc - 3]);
    expect(await s.slipsOf(id)).toHaveLength(1);

    expect(await eventOf(o.number!)).toMatchObject({ type: 'sell', day: today(), title: expect.stringMatching(/^Продажа в студии/), sum: o.total });
    const t = shiftTakings(today(), [o as Order], []);
    expect(t).toMatchObject({ counterSales: 1, byMethod: { cash: o.total } });
    // Nobody's copy: no customer database was made for an empty phone.
    expect(await shop.shop.storage.db(customerOrdersDb('')).info().then((i) => i.doc_count, () => 0)).toBe(0);

    // The create sent again (a retry) completes nothing twice.
    expect((await s.send(id, { kind: 'create', draft: saleDraft(id, s.bouquet.id) } as OrderAction, `new-${id}`)).status).toBe(200);
    expect(await s.slipsOf(id)).toHaveLength(1);
    expect(await s.balance(s.rose)).toBe(rose - 15);
  });

  it('the same through the device’s push to /db/office (offline then synced), a buyer who wants the card naming a phone', async () => {
    const id = `sale-${crypto.randomUUID()}`.slice(0, 40);
    const rose = await s.balance(s.rose);
    const now = Date.now();
    const doc = {
      _id: `new-${id}`, type: 'orderCommand', v: 1, title: 'Новый заказ', createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now,
      data: { order: id, action: { kind: 'create', draft: saleDraft(id, s.bouquet.id, { phone: '+7 (944) 000-07-77', name: 'Вера' }) } },
    };
    const pushed = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: s.florist }, body: JSON.stringify({ docs: [doc] }) });
    expect(pushed.status).toBe(201);
    let outcome: CommandOutcome | undefined;
    for (let i = 0; i < 500 && !outcome; i++) {
      outcome = ((await (await fetch(`${shop.url}/db/office/new-${id}`, { headers: { cookie: s.florist } })).json()) as { data: { outcome?: CommandOutcome } }).data.outcome;
      if (!outcome) await new Promise((r) => setTimeout(r, 10));
    }
    expect(outcome).toMatchObject({ ok: true });
    expect(await stored(id)).toMatchObject({ status: 'done', customer: '79440000777', sender: { name: 'Вера' } });
    expect(await s.balance(s.rose)).toBe(rose - 15);
  });

  it('refuses a half-typed phone in Russian, and still asks a phone order for its customer’s phone', async () => {
    const id = `sale-${crypto.randomUUID()}`.slice(0, 40);
    const half = await s.send(id, { kind: 'create', draft: saleDraft(id, s.bouquet.id, { phone: '+7 (900) 12', name: '' }) } as OrderAction, `new-${id}`);
    expect(half.status).toBe(400);
    expect(JSON.stringify(half.body)).toMatch(/\+7 и 10 цифр — или оставьте поле пустым/);
    expect(await shop.shop.storage.db('orders').get(id).catch(() => null)).toBeNull();

    const phoneOrder = { ...saleDraft(id, s.bouquet.id), source: 'phone', date: today() };
    const refused = await s.send(id, { kind: 'create', draft: phoneOrder } as OrderAction, `new-${id}`, s.manager);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(/Укажите номер телефона/);
  });
});
