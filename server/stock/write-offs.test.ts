import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../schema/shared/day';
import { slip } from '../../schema/entities/slip';
import { officeRecord, type OfficeRecord } from '../../schema/shared/record';
import { balanceBookOf } from '../../schema/shared/record-moves';
import { call, demoPhones, signIn, startTestShop, startTwoShops } from '../testing/test-shop';

type Shop = Awaited<ReturnType<typeof startTestShop>>;
type Row = { id: string; ok?: boolean; error?: string; rejected?: boolean; reason?: string };
const cyrillic = /[а-яё]/i;
/**
 * The day of an act written an hour ago (`actOf`), Moscow's: a fact is never dated after the day it was written, nor
 * over 31 days before it (server/days/rules.ts). In the first hour after Moscow's midnight that is yesterday.
 */
const day = today(new Date(Date.now() - 60 * 60_000));

const pushTo = async (url: string, cookie: string, docs: unknown[]): Promise<Row[]> => {
  const res = await fetch(`${url}/db/office/_bulk_docs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ docs }) });
  return (await res.json()) as Row[];
};

/**
 * A write-off act as a florist's phone writes it offline and its replication pushes it an hour later: recorded
 * offline, so it is stored even when it takes more than the warehouse holds (server/stock/rules.ts `stockLimitRule`).
 */
const actOf = (id: string, phone: string, lines: { flower: string; qty: number; reason?: string }[], warehouse = 'warehouse-cold') => {
  const now = Date.now() - 60 * 60_000;
  const data = { day, warehouse, lines: lines.map((l) => ({ reason: 'wilted', cost: 95, ...l })), order: '', note: '' };
  return { _id: id, type: 'slip', v: slip.version, title: `Списание от ${day}`, day, createdBy: phone, createdAt: now, updatedBy: phone, updatedAt: now, data, _deleted: false };
};

/** Balances of everything the office database holds, summed as the device and the server sum them. */
const balances = async (shop: Shop) => {
  const { rows } = await shop.shop.storage.db('office').allDocs({ include_docs: true });
  return balanceBookOf(rows.flatMap((r) => {
    const { _id, _rev, ...rest } = (r.doc ?? {}) as Record<string, unknown>;
    const parsed = officeRecord.safeParse({ ...rest, id: _id });
    return parsed.success ? [parsed.data] : [];
  }));
};

describe('write-offs: what the server refuses and what it lets through flagged', () => {
  let shop: Shop;
  let manager: string;
  let florist: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    shop = await startTestShop();
    manager = await signIn(shop.url, demoPhones.manager);
    florist = await signIn(shop.url, demoPhones.florist);
    for (const [key, data] of [
      ['rose', { name: 'Роза', variety: 'Explorer', unit: 'pcs' }],
      ['ribbon', { name: 'Лента атласная', kind: 'material', unit: 'm' }],
    ] as const) {
      const made = await call<{ data: OfficeRecord }>(shop.url, '/api/flowers/update', { data }, manager);
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids[key] = made.body.data.id;
    }
  });
  afterAll(() => shop.close());

  it('refuses through the record API a fractional number of pieces, a negative or zero quantity and no reason, in Russian, storing nothing', async () => {
    const before = (await balances(shop)).all();
    const variants: [string, Record<string, unknown>, RegExp][] = [
      ['2.5 roses', { flower: ids.rose, qty: 2.5, reason: 'wilted' }, /Роза Explorer.*целыми/],
      ['minus five roses', { flower: ids.rose, qty: -5, reason: 'wilted' }, /больше нуля/],
      ['no roses', { flower: ids.rose, qty: 0, reason: 'wilted' }, /больше нуля/],
      ['no reason', { flower: ids.rose, qty: 5, reason: '' }, /причину/],
    ];
    for (const [what, line, reason] of variants) {
      const answer = await call<{ error: string }>(shop.url, '/api/slips/update', { data: { day, warehouse: 'warehouse-cold', lines: [line] } }, florist);
      expect(answer.status, what).toBe(400);
      expect(answer.body.error, what).toMatch(cyrillic);
      expect(JSON.stringify(answer.body), what).toMatch(reason);
    }
    expect((await balances(shop)).all()).toEqual(before);
    // Metres of ribbon may be fractions (of two metres bought: online, no more leaves than the warehouse holds).
    const supply = { day, warehouse: 'warehouse-cold', status: 'posted', lines: [{ flower: ids.ribbon, qty: 2, unit: 'm', price: 40 }] };
    expect((await call(shop.url, '/api/invoices/update', { data: supply }, manager)).status).toBe(200);
    const ribbon = await call(shop.url, '/api/slips/update', { data: { day, warehouse: 'warehouse-cold', lines: [{ flower: ids.ribbon, qty: 1.5, reason: 'broken' }] } }, florist);
    expect(ribbon.status, JSON.stringify(ribbon.body)).toBe(200);
    expect((await balances(shop)).balance(ids.ribbon, 'warehouse-cold')).toBe(0.5);
  });

  it('refuses a pushed act with 2.5 roses as a conflict with the reason, and stores the rest of the batch', async () => {
    const rows = await pushTo(shop.url, florist, [
      actOf('slip-push-ok', demoPhones.florist, [{ flower: ids.rose, qty: 5 }]),
      actOf('slip-push-half', demoPhones.florist, [{ flower: ids.rose, qty: 2.5 }]),
      actOf('slip-push-minus', demoPhones.florist, [{ flower: ids.rose, qty: -3 }]),
      actOf('slip-push-ribbon', demoPhones.florist, [{ flower: ids.ribbon, qty: 0.5, reason: 'broken' }]),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('slip-push-ok')).toMatchObject({ ok: true });
    expect(byId.get('slip-push-ribbon')).toMatchObject({ ok: true });
    for (const id of ['slip-push-half', 'slip-push-minus']) {
      expect(byId.get(id), id).toMatchObject({ error: 'conflict', rejected: true });
      expect(byId.get(id)!.reason, id).toMatch(cyrillic);
    }
    expect(byId.get('slip-push-half')!.reason).toMatch(/Роза Explorer.*целыми/);
    const office = shop.shop.storage.db('office');
    expect(await office.get('slip-push-half').then(() => true, () => false)).toBe(false);
    expect((await balances(shop)).balance(ids.rose, 'warehouse-cold')).toBe(-5);
  });

  it('takes a write-off recorded offline of more than the warehouse holds (flagged on the screens, not refused): stems that wilted are gone whatever the books say', async () => {
    const book = await balances(shop);
    const held = book.balance(ids.rose, 'warehouse-studio');
    const rows = await pushTo(shop.url, florist, [actOf('slip-more-than-held', demoPhones.florist, [{ flower: ids.rose, qty: held + 7 }], 'warehouse-studio')]);
    expect(rows[0]).toMatchObject({ ok: true });
    expect((await balances(shop)).balance(ids.rose, 'warehouse-studio')).toBe(-7);
  });
});

describe('write-offs on two app servers sharing one CouchDB', () => {
  let shops: Awaited<ReturnType<typeof startTwoShops>>;
  afterAll(async () => {
    await shops?.close();
  });

  it('two phones write off the same roses offline and push to different servers, each act again on retry: the balance is the exact sum', async () => {
    shops = await startTwoShops();
    const { a, b } = shops;
    const manager = await signIn(a.url, demoPhones.manager);
    const rose = (await call<{ data: OfficeRecord }>(a.url, '/api/flowers/update', { data: { name: 'Роза', unit: 'pcs' } }, manager)).body.data.id;
    const [onA, onB] = [await signIn(a.url, demoPhones.florist), await signIn(b.url, demoPhones.manager)];
    const first = Array.from({ length: 6 }, (_, i) => actOf(`slip-a-${i}`, demoPhones.florist, [{ flower: rose, qty: i + 1 }]));
    const second = Array.from({ length: 6 }, (_, i) => actOf(`slip-b-${i}`, demoPhones.manager, [{ flower: rose, qty: 10 }]));
    const [ra, rb] = await Promise.all([pushTo(a.url, onA, first), pushTo(b.url, onB, second)]);
    expect([...ra, ...rb].every((r) => r.ok), JSON.stringify([...ra, ...rb])).toBe(true);
    // A replication retry sends what it already sent: the server sees the same acts again and counts each once.
    const again = await pushTo(b.url, onA, first.slice(0, 3));
    expect(again.every((r) => r.error === 'conflict')).toBe(true);
    expect((await balances(a)).balance(rose, 'warehouse-cold')).toBe(-(1 + 2 + 3 + 4 + 5 + 6 + 60));
    expect((await balances(b)).balance(rose, 'warehouse-cold')).toBe(-81);
  });
});
