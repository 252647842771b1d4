import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import { slip } from '../../schema/entities/slip';
import type { Product } from '../../schema/shop/product';
import type { OfficeRecord } from '../../schema/shared/record';
import { startCouchStandIn } from '../testing/couch-stand-in';
import { setStock } from '../testing/stock-equation';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

/**
 * A 202 that lost a race on a healthy cluster is tried again; a 202 from a cluster short of copies refuses with 503,
 * on the record API and on a device's push alike (DECISIONS «On a CouchDB cluster»).
 */
describe('202s on a CouchDB cluster: a race or too few copies', () => {
  let couch: Awaited<ReturnType<typeof startCouchStandIn>>;
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let manager: string;
  let florist: string;
  let customer: string;
  let item: Product;
  let rose: string;
  beforeAll(async () => {
    couch = await startCouchStandIn();
    shop = await startTestShop({ couchUrl: couch.url });
    [manager, florist, customer] = await Promise.all([signIn(shop.url, demoPhones.manager), signIn(shop.url, demoPhones.florist), signIn(shop.url, '79660000291')]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    item = body.data.items.find((p) => !p.sizable)!;
    const made = await call<{ data: OfficeRecord }>(shop.url, '/api/flowers/update', { data: { name: 'Роза', variety: 'Explorer', unit: 'pcs' } }, manager);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    rose = made.body.data.id;
    // Roses in the cold room to write off: online, no more leaves a warehouse than it holds.
    const supply = { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 100, price: 90 }], status: 'posted' };
    expect((await call(shop.url, '/api/invoices/update', { data: supply }, manager)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
    await couch?.close();
  });

  const draft = (id: string) => ({
    id,
    sender: { name: 'Анна', phone: '79660000291' },
    recipient: { name: 'Ольга', phone: '79660000292' },
    delivery: { method: 'pickup' },
    date: nextDay(today()),
    slot: '12:00–15:00',
    payment: 'card',
    lines: [{ id: item.id, count: 2 }],
  });

  it('places an order whose stock hold was answered 202 by a race on a healthy cluster (its racer already gone), not 503', async () => {
    await setStock(shop.url, manager, item.id, 5);
    let split = 0;
    couch.splitWrites((w) => w.db === 'stock' && !w.wouldConflict && split++ < 1, { race: true });
    const placed = await call<{ error?: string }>(shop.url, '/api/orders/create', draft('race-hold-draft-0001'), customer);
    couch.splitWrites(null);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(split).toBeGreaterThan(0);
    expect((await call<{ data: Product }>(shop.url, '/api/items/get', { id: item.id })).body.data.count).toBe(3);
  }, 60_000);

  it('places an order whose first five claims were each answered 202 by a race nobody won, not 503', async () => {
    let split = 0;
    couch.splitWrites((w) => w.db === 'counters' && !w.rev && split++ < 5, { race: true });
    const placed = await call<{ error?: string; data?: { number: number } }>(shop.url, '/api/orders/create', draft('race-claims-draft-01'), customer);
    couch.splitWrites(null);
    expect(split).toBeGreaterThanOrEqual(5);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  }, 60_000);

  /** A write-off as a florist's phone writes it offline and its replication pushes it. */
  const act = (id: string) => {
    const now = Date.now();
    const data = { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 2, reason: 'wilted', cost: 95 }], order: '', note: '' };
    return { _id: id, type: 'slip', v: slip.version, title: `Списание от ${today()}`, day: today(), createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data, _deleted: false };
  };
  const push = async (docs: object[]) => {
    const answer = await fetch(`${shop.url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: florist }, body: JSON.stringify({ docs }) });
    return { status: answer.status, body: (await answer.json()) as unknown };
  };
  const stored = async (id: string) => (await fetch(`${shop.url}/db/office/${id}`, { headers: { cookie: florist } })).status;

  it('answers a pushed write-off that too few copies took 503 for the batch, as the record API answers it, keeps nothing of it, and stores it when sent again', async () => {
    // As a cluster with a node away: every office write reaches too few copies and is answered 202.
    couch.splitWrites((w) => w.db === 'office');
    const pushed = await push([act('slip-quorum-0001')]);
    const viaApi = await call<{ error: string }>(shop.url, '/api/slips/update', { data: { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: rose, qty: 2, reason: 'wilted' }] } }, florist);
    couch.splitWrites(null);
    expect(pushed.status).toBe(503);
    expect(viaApi.status).toBe(503);
    expect(pushed.body).toEqual({ error: 'unavailable', reason: viaApi.body.error });
    expect(await stored('slip-quorum-0001')).toBe(404);

    const again = await push([act('slip-quorum-0001')]);
    expect(again.status).toBe(201);
    expect(again.body).toEqual([expect.objectContaining({ id: 'slip-quorum-0001', ok: true })]);
    expect(await stored('slip-quorum-0001')).toBe(200);

    // A 202 that only raced on a healthy cluster is no reason to refuse.
    couch.splitWrites((w) => w.db === 'office', { race: true });
    const raced = await push([act('slip-quorum-0002')]);
    couch.splitWrites(null);
    expect(raced.status).toBe(201);
    expect(raced.body).toEqual([expect.objectContaining({ id: 'slip-quorum-0002', ok: true })]);
  }, 60_000);
});
