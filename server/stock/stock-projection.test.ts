import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../schema/shared/day';
import { invoice } from '../../schema/entities/invoice';
import { derivedFields, type OfficeRecord } from '../../schema/shared/record';
import { flower } from '../../schema/entities/flower';
import { tierDatabases } from '../../schema/shared/databases';
import { createIfMissing } from '../db/docs';
import type { Storage } from '../db/storage';
import { toSynced } from '../db/synced';
import type { StockAnswer } from '../../schema/studio/stock/stock-answer';
import { changesHub } from '../db/changes-hub';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';
import { stockProjection } from './stock-projection';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Line = { flower: string; qty: number; price: number };
type Row = { id: string; ok?: boolean; rev?: string; error?: string; rejected?: boolean; reason?: string };

let serial = 0;
/** An invoice as a florist's device writes it into its office collection: the envelope, `_id` for `id`. */
const invoiceDoc = (lines: Line[], status: 'draft' | 'posted', at: number, over: { id?: string; rev?: string; warehouse?: string } = {}) => {
  // Not parsed here: the refusal tests send what a faulty or outdated device might.
  const data = {
    kind: 'supply' as 'supply' | 'return', number: `П-${++serial}`, supplier: '', supplierName: 'Флора', day: today(), warehouse: over.warehouse ?? 'warehouse-cold',
    lines: lines.map((l) => ({ ...l, unit: 'pcs' as string })), paid: 0, status, note: '',
  };
  return {
    _id: over.id ?? `invoice-ledger-${serial}-${Math.random().toString(36).slice(2, 10)}`,
    ...(over.rev ? { _rev: over.rev } : {}),
    type: invoice.type,
    v: invoice.version,
    title: `Накладная № ${data.number} от ${data.day}`,
    day: data.day,
    createdBy: demoPhones.florist,
    createdAt: at,
    updatedBy: demoPhones.florist,
    updatedAt: at,
    data,
  };
};

/** The flowers these invoices name, stored as the seed stores the demo's (a reference must name a real flower). */
const storeFlowers = async (storage: Storage, names: Record<string, string>) => {
  for (const [id, name] of Object.entries(names)) {
    const data = flower.fields.parse({ name, unit: id.endsWith('ribbon') ? 'm' : 'pcs' });
    const record = { id, type: flower.type, ...derivedFields(flower, data), createdBy: demoPhones.admin, createdAt: 1, updatedBy: demoPhones.admin, updatedAt: 1, data };
    await createIfMissing(storage.db(tierDatabases.office), id, toSynced(record));
  }
};

const push = async (base: string, cookie: string, docs: object[]): Promise<Row[]> => {
  const res = await fetch(`${base}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs }) });
  expect(res.status).toBe(201);
  return (await res.json()) as Row[];
};

const stock = async (base: string, cookie: string) => {
  const answer = await call<StockAnswer>(base, '/api/stock/balances', {}, cookie);
  expect(answer.status).toBe(200);
  return answer.body;
};
const qtyOf = (s: StockAnswer, flower: string, warehouse = 'warehouse-cold') => s.balances.find((b) => b.flower === flower && b.warehouse === warehouse)?.qty ?? 0;

describe('the stock ledger on one server', () => {
  let shop: Shop;
  let florist: string;
  let manager: string;
  beforeAll(async () => {
    shop = await startTestShop();
    await storeFlowers(shop.shop.storage, { 'fl-one-rose': 'Роза', 'fl-one-ribbon': 'Лента', 'fl-one-lily': 'Лилия', 'fl-one-gerbera': 'Гербера' });
    [florist, manager] = [await signIn(shop.url, demoPhones.florist), await signIn(shop.url, demoPhones.manager)];
  }, 60_000);
  afterAll(async () => {
    await shop?.close();
  });

  it('counts a posted invoice once, its draft not at all, and moves the purchase prices', async () => {
    const t = Date.now() - 10_000;
    const draft = invoiceDoc([{ flower: 'fl-one-rose', qty: 50, price: 90 }], 'draft', t);
    const [made] = await push(shop.url, florist, [draft]);
    expect(made).toMatchObject({ ok: true });
    expect(qtyOf(await stock(shop.url, florist), 'fl-one-rose')).toBe(0);

    const posted = { ...invoiceDoc(draft.data.lines, 'posted', t, { id: draft._id, rev: made.rev }), updatedAt: t + 1 };
    const [post] = await push(shop.url, florist, [posted]);
    expect(post).toMatchObject({ ok: true });
    const after = await stock(shop.url, florist);
    expect(qtyOf(after, 'fl-one-rose')).toBe(50);
    expect(after.prices.find((p) => p.flower === 'fl-one-rose')).toMatchObject({ last: 90, average: 90 });

    // Posting twice (a retry, a second tap) changes nothing: the posted invoice is a fact.
    const [again] = await push(shop.url, florist, [{ ...posted, _rev: post.rev, updatedAt: t + 2 }]);
    expect(again).toMatchObject({ error: 'conflict', rejected: true });
    expect(again.reason).toMatch(/проведена/);
    const removed = await call(shop.url, '/api/invoices/delete', { id: draft._id }, manager);
    expect(removed.status).toBe(409);
    expect(qtyOf(await stock(shop.url, florist), 'fl-one-rose')).toBe(50);

    // A second supply at another price: the last price moves, the average is weighted by quantity.
    const [second] = await push(shop.url, florist, [invoiceDoc([{ flower: 'fl-one-rose', qty: 150, price: 110 }], 'posted', t + 5)]);
    expect(second).toMatchObject({ ok: true });
    const both = await stock(shop.url, florist);
    expect(qtyOf(both, 'fl-one-rose')).toBe(200);
    expect(both.prices.find((p) => p.flower === 'fl-one-rose')).toMatchObject({ last: 110, average: 105 });
  });

  it('refuses, with a Russian reason, a line without a price, a fraction of pieces, a negative quantity and an empty posting; the rest of the batch is stored', async () => {
    const t = Date.now() - 5_000;
    const good = invoiceDoc([{ flower: 'fl-one-ribbon', qty: 2.5, price: 30 }], 'posted', t);
    good.data.lines[0].unit = 'm';
    const noPrice = invoiceDoc([{ flower: 'fl-one-lily', qty: 10, price: 50 }], 'posted', t);
    delete (noPrice.data.lines[0] as Partial<Line>).price;
    const fraction = invoiceDoc([{ flower: 'fl-one-lily', qty: 1.5, price: 50 }], 'posted', t);
    const negative = invoiceDoc([{ flower: 'fl-one-lily', qty: -3, price: 50 }], 'draft', t);
    const empty = invoiceDoc([], 'posted', t);
    const rows = await push(shop.url, florist, [noPrice, fraction, good, negative, empty]);
    expect(rows.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'Накладная: Строки, строка 1 — Укажите цену закупки',
      'Накладная: Строки, строка 1 — Штуки считают целыми',
      'ok',
      'Накладная: Строки, строка 1 — Количество больше нуля',
      'Накладная: Строки — Провести можно накладную хотя бы с одной строкой',
    ]);
    const after = await stock(shop.url, florist);
    expect(qtyOf(after, 'fl-one-lily')).toBe(0);
    expect(qtyOf(after, 'fl-one-ribbon')).toBe(2.5);

    // The record API refuses the same, with the field it is about.
    const answer = await call<{ error: string; issues?: { path: string; message: string }[] }>(
      shop.url,
      '/api/invoices/update',
      { data: { ...fraction.data, status: 'draft' } },
      florist,
    );
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/Штуки считают целыми/);
  });

  it('corrects a posted supply by a posted return: stock goes back, the purchase prices stay the supplies\' ', async () => {
    const t = Date.now() - 4_000;
    const [supply] = await push(shop.url, florist, [invoiceDoc([{ flower: 'fl-one-gerbera', qty: 40, price: 70 }], 'posted', t)]);
    expect(supply).toMatchObject({ ok: true });
    const back = invoiceDoc([{ flower: 'fl-one-gerbera', qty: 15, price: 70 }], 'posted', t + 1);
    const [returned] = await push(shop.url, florist, [{ ...back, data: { ...back.data, kind: 'return' } }]);
    expect(returned).toMatchObject({ ok: true });
    const after = await stock(shop.url, florist);
    expect(qtyOf(after, 'fl-one-gerbera')).toBe(25);
    expect(after.prices.find((p) => p.flower === 'fl-one-gerbera')).toMatchObject({ last: 70, average: 70 });
  });

  it('is a cache: a projection built from sequence 0 on the same store sums the same', async () => {
    const hub = changesHub(shop.shop.storage);
    const fresh = stockProjection(shop.shop.storage, hub);
    const stop = await fresh.start();
    try {
      expect((await fresh.current()).answer()).toEqual(await stock(shop.url, florist));
    } finally {
      stop();
      hub.close();
    }
  });

  it('is for staff only', async () => {
    expect((await call(shop.url, '/api/stock/balances', {})).status).toBe(401);
    const customer = await signIn(shop.url, '79161234567');
    expect((await call(shop.url, '/api/stock/balances', {}, customer)).status).toBe(403);
    expect((await call(shop.url, '/api/stock/balances', { flower: 'x' }, florist)).status).toBe(400);
  });
});

describe('the stock ledger on two app servers sharing one CouchDB', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  let onA: string;
  let onB: string;
  beforeAll(async () => {
    shops = await startTwoShops();
    await storeFlowers(shops.a.shop.storage, { 'fl-two-tulip': 'Тюльпан', 'fl-two-peony': 'Пион', 'fl-two-aster': 'Астра' });
    [onA, onB] = [await signIn(shops.a.url, demoPhones.florist), await signIn(shops.b.url, demoPhones.florist)];
  }, 60_000);
  afterAll(async () => {
    await shops?.close();
  });

  it('sums exactly what two devices posted offline, each through its own server, as both servers read it', async () => {
    const t = Date.now() - 60_000;
    const fromA = Array.from({ length: 6 }, (_, i) => invoiceDoc([{ flower: 'fl-two-tulip', qty: 10 + i, price: 40 }], 'posted', t + i));
    const fromB = Array.from({ length: 6 }, (_, i) => invoiceDoc([{ flower: 'fl-two-tulip', qty: 100 + i, price: 50 }], 'posted', t + i));
    const [rowsA, rowsB] = await Promise.all([push(shops.a.url, onA, fromA), push(shops.b.url, onB, fromB)]);
    expect([...rowsA, ...rowsB].every((r) => r.ok)).toBe(true);
    // A replication retry sends the same documents again: refused as posted facts, nothing counted twice.
    const retried = await push(shops.b.url, onB, fromA.map((d, i) => ({ ...d, _rev: rowsA[i].rev })));
    expect(retried.every((r) => r.rejected)).toBe(true);
    const expected = fromA.concat(fromB).reduce((s, d) => s + d.data.lines[0].qty, 0);
    expect(qtyOf(await stock(shops.a.url, onA), 'fl-two-tulip')).toBe(expected);
    expect(qtyOf(await stock(shops.b.url, onB), 'fl-two-tulip')).toBe(expected);
  });

  it('counts once an invoice posted from two devices through two servers, the cluster splitting the first post into a late branch', async () => {
    const t = Date.now() - 30_000;
    const lines = [{ flower: 'fl-two-peony', qty: 25, price: 300 }];
    const draft = invoiceDoc(lines, 'draft', t);
    const [made] = await push(shops.a.url, onA, [draft]);
    expect(made).toMatchObject({ ok: true });
    const posted = (updatedAt: number) => ({ ...invoiceDoc(lines, 'posted', t, { id: draft._id, rev: made.rev }), updatedAt });
    // Device A's post reaches one copy of the cluster (202), which shows it to the others only later: meanwhile
    // device B, through the other server, still finds the draft and posts it too.
    const couch = shops.couch;
    let chosen = false;
    couch.splitWrites((w) => w.db === 'office' && w.id === draft._id && !chosen && (chosen = true), { lagMs: 800, ranksFirst: true });
    const fromA = push(shops.a.url, onA, [posted(t + 1)]);
    while (couch.splitCount() === 0) await new Promise((r) => setTimeout(r, 10));
    const [fromB] = await push(shops.b.url, onB, [posted(t + 2)]);
    const [a] = await fromA;
    couch.splitWrites(null);
    expect([a, fromB].filter((r) => r.ok)).toHaveLength(1);
    const office = shops.a.shop.storage.db('office');
    for (let i = 0; i < 100 && ((await office.get(draft._id, { conflicts: true }))._conflicts ?? []).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await office.get(draft._id, { conflicts: true }))._conflicts ?? []).toEqual([]);
    expect(qtyOf(await stock(shops.a.url, onA), 'fl-two-peony')).toBe(25);
    expect(qtyOf(await stock(shops.b.url, onB), 'fl-two-peony')).toBe(25);
  });

  it('counts a record with a posted branch beside its posted winner once: the winner’s moves, never both', async () => {
    const t = Date.now() - 20_000;
    const draft = invoiceDoc([{ flower: 'fl-two-aster', qty: 20, price: 60 }], 'draft', t);
    const [made] = await push(shops.a.url, onA, [draft]);
    const [post] = await push(shops.a.url, onA, [{ ...invoiceDoc([{ flower: 'fl-two-aster', qty: 20, price: 60 }], 'posted', t, { id: draft._id, rev: made.rev }), updatedAt: t + 1 }]);
    expect(post).toMatchObject({ ok: true });
    // The other device's post of the same draft, with 30 stems, taken by one copy of the cluster as a branch of its own
    // that ranks first (the stand-in's split writes, replayed as CouchDB's internal replication stores them).
    shops.couch.splitWrites((w) => w.db === 'office' && w.id === draft._id, { ranksFirst: true });
    const rival = { ...invoiceDoc([{ flower: 'fl-two-aster', qty: 30, price: 60 }], 'posted', t, { id: draft._id, rev: made.rev }), updatedAt: t + 2 };
    const branch = await fetch(`${shops.couch.url}office/${draft._id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rival) });
    shops.couch.splitWrites(null);
    expect(branch.status).toBe(202);
    const stored = await shops.a.shop.storage.db('office').get<OfficeRecord>(draft._id, { conflicts: true });
    expect(stored._conflicts).toHaveLength(1);
    const winner = (stored.data as { lines: Line[] }).lines[0].qty;
    expect(winner).toBe(30);
    expect(qtyOf(await stock(shops.a.url, onA), 'fl-two-aster')).toBe(winner);
    expect(qtyOf(await stock(shops.b.url, onB), 'fl-two-aster')).toBe(winner);
  });
});
