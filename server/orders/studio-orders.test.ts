import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextDay, today } from '../../schema/shared/day';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import { draftOf } from '../testing/order-rush';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';
import { studioOrdersDb } from './spread';
import { commandsKeptMs, sweepOrderCommands } from './command-sweep';
import { sweepStudioOrders } from './studio-sweep';
import { studioWindowStart } from './studio-window';

const customer = '79440000101';
const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('studio-orders: the staff copy of every order in the window', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  let me: string;
  let florist: string;
  let bouquet: string;
  const db = (path: string, cookie?: string, init: RequestInit = {}) =>
    fetch(`${shop.url}/db/${path}`, { ...init, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    shop = await startTestShop();
    [me, florist] = await Promise.all([signIn(shop.url, customer), signIn(shop.url, demoPhones.florist)]);
    const { body } = await call<{ data: { items: Product[] } }>(shop.url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
    bouquet = body.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 2)!.id;
  });
  afterAll(() => shop.close());

  it('a site order is copied to studio-orders for staff, who read it and cannot push; the customer cannot read it', async () => {
    const placed = await call<{ data: Order }>(shop.url, '/api/orders/create', draftOf(customer, [{ id: bouquet, count: 1 }]), me);
    expect(placed.status).toBe(200);
    const id = placed.body.data.id;

    const staffCopy = await db(`${studioOrdersDb}/${id}`, florist);
    expect(staffCopy.status).toBe(200);
    expect(await staffCopy.json()).toMatchObject({ _id: id, number: placed.body.data.number, status: 'new' });
    expect((await db(`${studioOrdersDb}/_changes?since=0`, florist)).status).toBe(200);

    expect((await db(`${studioOrdersDb}/${id}`, me)).status).toBe(403);
    expect((await db(`${studioOrdersDb}/_changes?since=0`, me)).status).toBe(403);
    expect((await db(`${studioOrdersDb}/${id}`)).status).toBe(401);

    const pushed = await db(`${studioOrdersDb}/_bulk_docs`, florist, { method: 'POST', body: JSON.stringify({ docs: [{ _id: id, status: 'done' }] }) });
    const rows = (await pushed.json()) as { id: string; error?: string }[];
    expect(rows[0]).toMatchObject({ id, error: 'conflict' });
    expect(await (await db(`${studioOrdersDb}/${id}`, florist)).json()).toMatchObject({ status: 'new' });
  });

  it('the sweep deletes copies delivered before the window and keeps the rest; two sweeps at once are fine', async () => {
    const store = shop.shop.storage.db(studioOrdersDb);
    const from = studioWindowStart();
    await store.bulkDocs([
      { _id: 'old-order-000000001', date: dayBefore(from) },
      { _id: 'old-order-000000002', date: '2020-01-01' },
      { _id: 'edge-order-00000001', date: from },
      { _id: 'next-order-00000001', date: nextDay(today()) },
    ]);
    const swept = await Promise.all([sweepStudioOrders(shop.shop.storage), sweepStudioOrders(shop.shop.storage)]);
    expect(swept[0] + swept[1]).toBe(2);
    const left = (await store.allDocs()).rows.map((r) => r.id);
    expect(left).not.toContain('old-order-000000001');
    expect(left).not.toContain('old-order-000000002');
    expect(left).toContain('edge-order-00000001');
    expect(left).toContain('next-order-00000001');
  });

  it('order commands answered more than two weeks ago leave the office database; newer and unanswered ones stay', async () => {
    const office = shop.shop.storage.db('office');
    const now = Date.now();
    const command = (id: string, outcomeAt?: number) => ({
      _id: id, type: 'orderCommand', v: 1, title: 'Статус', createdBy: demoPhones.florist, createdAt: now - 30 * 86_400_000,
      updatedBy: demoPhones.florist, updatedAt: now - 30 * 86_400_000,
      data: { order: 'sweep-order-0000001', action: { kind: 'status', from: 'new', to: 'confirmed' }, ...(outcomeAt ? { outcome: { ok: true, at: outcomeAt } } : {}) },
    });
    await office.bulkDocs([
      command('sweep-cmd-answered-old', now - commandsKeptMs - 60_000),
      command('sweep-cmd-answered-new', now - commandsKeptMs + 3600_000),
      command('sweep-cmd-unanswered'),
      { _id: 'sweep-task-000000001', type: 'task', v: 1, title: 'Старая задача', createdBy: demoPhones.florist, createdAt: 1, updatedBy: demoPhones.florist, updatedAt: 1, data: { title: 'Старая задача', status: 'done', note: '' } },
    ]);
    const swept = await Promise.all([sweepOrderCommands(shop.shop.storage, now), sweepOrderCommands(shop.shop.storage, now)]);
    expect(swept[0] + swept[1]).toBe(1);
    const left = (await office.allDocs()).rows.map((r) => r.id);
    expect(left).not.toContain('sweep-cmd-answered-old');
    expect(left).toEqual(expect.arrayContaining(['sweep-cmd-answered-new', 'sweep-cmd-unanswered', 'sweep-task-000000001']));
  });

  it('slims a photo command answered before refusals were slimmed: its bytes go, its answer stays', async () => {
    const office = shop.shop.storage.db('office');
    const now = Date.now();
    const image = `data:image/jpeg;base64,${'A'.repeat(300_000)}`;
    const photo = (id: string, outcome: { ok: false; at: number; status: number; reason: string }) => ({
      _id: id, type: 'orderCommand', v: 1, title: 'Фото', createdBy: demoPhones.florist, createdAt: now - 3600_000, updatedBy: demoPhones.florist, updatedAt: now - 3600_000,
      data: { order: 'sweep-order-0000002', action: { kind: 'photo', image }, outcome },
    });
    const refusal = { ok: false as const, at: now - 60_000, status: 409, reason: 'Заказ отменён: фото к нему не добавить' };
    await office.bulkDocs([photo('sweep-photo-refused-1', refusal)]);
    await sweepOrderCommands(shop.shop.storage, now);
    const slim = (await office.get('sweep-photo-refused-1')) as unknown as { data: { action: { image: string }; outcome: unknown }; updatedAt: number };
    expect(slim.data.action.image).toBe('');
    expect(slim.data.outcome).toEqual(refusal);
    expect(slim.updatedAt).toBeGreaterThan(now - 3600_000);
  });
});
