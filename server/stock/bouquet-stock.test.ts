import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { draftOf } from '../testing/order-rush';
import { techCardStudio } from '../testing/tech-card-studio';
import { call, startTestShop } from '../testing/test-shop';
import { changesHub } from '../db/changes-hub';
import { stemsKey } from './bouquet-stock';
import { stockProjection } from './stock-projection';

/**
 * One stock truth for bouquets (DECISIONS): a tech-card bouquet's catalogue count is what the stems in its card's
 * warehouse make, less what orders not yet assembled were promised, after every kind of movement; checkout refuses
 * more than that with «Этот букет только что закончился».
 */
describe('a tech-card bouquet’s count follows its stems', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof techCardStudio>>;
  beforeAll(async () => {
    shop = await startTestShop();
    // 100 roses, 20 eucalyptus; the bouquet takes 15 roses and 3 eucalyptus: 6 bouquets.
    s = await techCardStudio(shop.url);
  });
  afterAll(() => shop.close());

  const count = async () => (await call<{ data: Product }>(shop.url, '/api/items/get', { id: s.bouquet.id })).body.data.count;
  /** The count as the storefront reads it, once the projection has caught up (it follows the office's changes). */
  const countBecomes = async (n: number) => {
    for (let i = 0; i < 100 && (await count()) !== n; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await count()).toBe(n);
  };
  const record = async (path: string, data: Record<string, unknown>, cookie = s.manager, id?: string, updatedAt?: number) => {
    const answer = await call<{ data: OfficeRecord; error?: string }>(shop.url, `/api/${path}/update`, { data, ...(id ? { id, updatedAt } : {}) }, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const order = async (n: number) => {
    const answer = await call<{ data: { id: string }; error?: string }>(shop.url, '/api/orders/create', { ...draftOf('79440000701', [{ id: s.bouquet.id, count: n }]), date: nextDay(nextDay(today())) }, s.me);
    return answer;
  };

  it('starts from what the stems make, not from the count the item had', async () => {
    expect(s.bouquet.count).toBeGreaterThanOrEqual(20);
    await countBecomes(6);
  });

  it('an order promises stems, its assembly takes them, a cancellation gives the promise back', async () => {
    const placed = await order(2);
    expect(placed.status, placed.body.error).toBe(200);
    await countBecomes(4);
    expect((await s.send(placed.body.data.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    // The stems left through the assembly act; the promise with them: still 4 (70 roses, 14 eucalyptus).
    expect([await s.balance(s.rose), await s.balance(s.euc)]).toEqual([70, 14]);
    await countBecomes(4);
    const another = await order(1);
    expect(another.status).toBe(200);
    await countBecomes(3);
    expect((await s.send(another.body.data.id, { kind: 'status', from: 'new', to: 'cancelled', reason: 'Клиент передумал' }, undefined, s.manager)).status).toBe(200);
    await countBecomes(4);
  });

  it('a write-off, a transfer out, a count’s shortage and a void each move it', async () => {
    const wilted = await record('slips', { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 20, reason: 'wilted' }] }, s.florist);
    await countBecomes(3); // 50 roses
    await record('transfers', { day: today(), from: s.cold, to: 'warehouse-showcase', lines: [{ flower: s.rose, qty: 10 }] }, s.florist);
    await countBecomes(2); // 40 roses; the showcase's roses are not this card's
    const opened = await record('stock-counts', { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, expected: 40, counted: 29 }] }, s.florist);
    await countBecomes(2); // an open count moves nothing
    await record('stock-counts', { ...opened.data, status: 'finished' }, s.manager, opened.id, opened.updatedAt);
    await countBecomes(1); // 29 roses
    expect((await call(shop.url, '/api/slips/void', { id: wilted.id, reason: 'Списали по ошибке' }, s.manager)).status).toBe(200);
    await countBecomes(3); // 49 roses
  });

  it('checkout refuses more than the stems make with «Этот букет только что закончился», and holds nothing', async () => {
    await countBecomes(3);
    const tooMany = await order(4);
    expect([tooMany.status, tooMany.body.error]).toEqual([409, `«${s.bouquet.name}»: в наличии 3 шт.`]);
    // Another device writes off the stems while this customer's cart still shows 3.
    await record('slips', { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 40, reason: 'wilted' }] }, s.florist);
    const refused = await order(1);
    expect([refused.status, refused.body.error]).toEqual([409, 'Этот букет только что закончился']);
    await countBecomes(0);
    // A device whose catalogue already shows 0 is told the same.
    expect((await order(1)).body.error).toBe('Этот букет только что закончился');
    const { rows } = await shop.shop.storage.db('orders').allDocs({ include_docs: true });
    expect(rows.filter((r) => (r.doc as { stage?: string }).stage === 'placed')).toHaveLength(2);
  });

  it('refuses a tech card naming a flower switched off, in Russian, and stores nothing', async () => {
    const peony = await record('flowers', { name: 'Пион', unit: 'pcs' });
    await record('flowers', { ...peony.data, active: false }, s.manager, peony.id, peony.updatedAt);
    const before = (await s.office()).filter((r) => r.type === 'techCard').length;
    const refused = await call<{ error: string }>(shop.url, '/api/products/update', { data: { name: 'Пионы', warehouse: s.cold, lines: [{ flower: peony.id, qty: 9 }] } }, s.florist);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/[а-яё]/i);
    expect(JSON.stringify(refused.body)).toMatch(/Пион/);
    expect((await s.office()).filter((r) => r.type === 'techCard')).toHaveLength(before);
  });
});

describe('a bouquet ordered in a larger size promises the stems its assembly will take', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof techCardStudio>>;
  beforeAll(async () => {
    shop = await startTestShop();
    s = await techCardStudio(shop.url);
  });
  afterAll(() => shop.close());

  const countOf = async (id: string) => (await call<{ data: Product }>(shop.url, '/api/items/get', { id })).body.data.count;
  const countBecomes = async (id: string, n: number) => {
    for (let i = 0; i < 100 && (await countOf(id)) !== n; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await countOf(id)).toBe(n);
  };

  it('two bouquets in L hold three bouquets’ stems before assembly, and the count does not move at assembly', async () => {
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    const sizable = body.data.items.find((p) => p.isActive && !p.isHidden && p.sizable)!;
    // 10 roses a bouquet in M, from the same 100 roses as the studio's other card (15 roses and 3 eucalyptus): 10 and 6.
    await s.save('products', { name: sizable.name, warehouse: s.cold, lines: [{ flower: s.rose, qty: 10 }], product: sizable.id, price: 3000 }, s.florist);
    await countBecomes(sizable.id, 10);
    const placed = await call<{ data: { id: string }; error?: string }>(
      shop.url,
      '/api/orders/create',
      { ...draftOf('79440000701', [{ id: sizable.id, count: 2, letterSize: 'L' }]), date: nextDay(nextDay(today())) },
      s.me,
    );
    expect(placed.status, placed.body.error).toBe(200);
    // 2 × L = 30 roses promised: 70 left make 7 of this bouquet and 4 of the other, as the assembly will leave them.
    await countBecomes(sizable.id, 7);
    await countBecomes(s.bouquet.id, 4);
    expect((await s.send(placed.body.data.id, { kind: 'status', from: 'new', to: 'assembling' })).status).toBe(200);
    expect(await s.balance(s.rose)).toBe(70);
    await countBecomes(sizable.id, 7);
    await countBecomes(s.bouquet.id, 4);
  });
});

/**
 * A pass over every bouquet (a count of the holds, a catalogue write per item) runs only when an office change moves
 * what the counts read (`stemsKey`): a write-off of stems no card uses leaves the key as it was, one of a card's stems
 * changes it, and so does a card changed.
 */
describe('which office changes ask for a bouquet pass', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let s: Awaited<ReturnType<typeof techCardStudio>>;
  beforeAll(async () => {
    shop = await startTestShop();
    s = await techCardStudio(shop.url);
  });
  afterAll(() => shop.close());

  it('a write-off of a flower no card uses, or a flower saved, keeps the key; one of a card’s rose, or a card saved, changes it', async () => {
    const hub = changesHub(shop.shop.storage);
    const projection = stockProjection(shop.shop.storage, hub);
    const stop = await projection.start();
    try {
      const tulip = await s.save('flowers', { name: 'Тюльпан', unit: 'pcs' });
      await s.save('invoices', { day: today(), warehouse: s.cold, lines: [{ flower: tulip, qty: 10, price: 50 }], status: 'posted' }, s.florist);
      const key = stemsKey(await projection.current());
      await s.save('slips', { day: today(), warehouse: s.cold, lines: [{ flower: tulip, qty: 2, reason: 'wilted' }] }, s.florist);
      expect(stemsKey(await projection.current())).toBe(key);
      await s.save('slips', { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 2, reason: 'wilted' }] }, s.florist);
      const afterRose = stemsKey(await projection.current());
      expect(afterRose).not.toBe(key);
      await s.save('flowers', { name: 'Роза белая', unit: 'pcs' });
      expect(stemsKey(await projection.current())).toBe(afterRose);
      await s.save('products', { name: 'Основа поменьше', warehouse: s.cold, lines: [{ flower: s.euc, qty: 1 }] }, s.florist);
      expect(stemsKey(await projection.current())).not.toBe(afterRose);
    } finally {
      stop();
      hub.close();
    }
  });
});
