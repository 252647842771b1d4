import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../schema/shared/day';
import { slip } from '../../schema/entities/slip';
import { transfer } from '../../schema/entities/transfer';
import type { StockAnswer } from '../../schema/studio/stock/stock-answer';
import { bothPaths, pushNew, type BothPathsCase, type Writer } from '../testing/both-paths';
import { call, demoPhones, signIn, startTestShop } from '../testing/test-shop';

type Row = { id: string; ok?: boolean; error?: string; reason?: string };

/**
 * Stock limits (issue 27, item 5; server/stock/rules.ts `stockLimitRule`): online, a write-off or transfer may not
 * take more than its warehouse holds, on the record API and a device's push alike; one recorded offline is stored and
 * its balance goes below zero.
 */
describe('a write-off or transfer takes no more than the warehouse holds, unless it was recorded offline', () => {
  let shop: Awaited<ReturnType<typeof startTestShop>>;
  const staff: Record<'florist' | 'manager', Writer> = { florist: { cookie: '', phone: demoPhones.florist }, manager: { cookie: '', phone: demoPhones.manager } };
  const supply = async (flower: string, qty: number, unit = 'pcs') => {
    const data = { day: today(), warehouse: 'warehouse-cold', lines: [{ flower, qty, unit, price: 90 }], status: 'posted' };
    const posted = await call(shop.url, '/api/invoices/update', { data }, staff.manager.cookie);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  };
  const balance = async (flower: string, warehouse: string) => {
    const answer = await call<StockAnswer>(shop.url, '/api/stock/balances', {}, staff.florist.cookie);
    return answer.body.balances.find((b) => b.flower === flower && b.warehouse === warehouse)?.qty ?? 0;
  };
  beforeAll(async () => {
    shop = await startTestShop();
    staff.florist.cookie = await signIn(shop.url, demoPhones.florist);
    staff.manager.cookie = await signIn(shop.url, demoPhones.manager);
    await supply('flower-rose-explorer', 48);
    await supply('flower-tulip', 10);
    await supply('flower-satin-ribbon', 2.5, 'm');
  });
  afterAll(() => shop.close());

  const florist = () => staff.florist;
  const act = (lines: { flower: string; qty: number }[], warehouse = 'warehouse-cold', day = today()) => () => ({
    day, warehouse, lines: lines.map((l) => ({ ...l, reason: 'wilted', cost: 0 })), order: '', note: '',
  });
  const move = (lines: { flower: string; qty: number }[]) => () => ({ day: today(), from: 'warehouse-cold', to: 'warehouse-showcase', lines, note: '' });
  const cases: BothPathsCase[] = [
    {
      name: 'a write-off of 100,000 roses from a cold room holding 48',
      entity: slip,
      data: act([{ flower: 'flower-rose-explorer', qty: 100_000 }]),
      writer: florist,
      refused: /^На складе «Холодильник» 48 шт\., списать 100\s000 нельзя \(Роза Explorer красная 60 см\)$/,
    },
    {
      name: 'two lines of one rose that together take 49',
      entity: slip,
      data: act([{ flower: 'flower-rose-explorer', qty: 40 }, { flower: 'flower-rose-explorer', qty: 9 }]),
      writer: florist,
      refused: /^На складе «Холодильник» 48 шт\., списать 49 нельзя/,
    },
    { name: 'a transfer of 49 roses out of 48', entity: transfer, data: move([{ flower: 'flower-rose-explorer', qty: 49 }]), writer: florist, refused: /^На складе «Холодильник» 48 шт\., переместить 49 нельзя/ },
    { name: 'a write-off from the showcase, which holds none', entity: slip, data: act([{ flower: 'flower-rose-explorer', qty: 1 }], 'warehouse-showcase'), writer: florist, refused: /^На складе «Витрина» 0 шт\., списать 1 нельзя/ },
    { name: '3 metres of ribbon out of 2.5', entity: slip, data: act([{ flower: 'flower-satin-ribbon', qty: 3 }]), writer: florist, refused: /^На складе «Холодильник» 2,5 м, списать 3 нельзя/ },
    { name: 'five tulips of ten', entity: slip, data: act([{ flower: 'flower-tulip', qty: 5 }]), writer: florist },
    { name: 'a metre and a quarter of ribbon of 2.5', entity: transfer, data: move([{ flower: 'flower-satin-ribbon', qty: 1.25 }]), writer: florist },
  ];
  bothPaths(() => shop.url, cases);

  it('gives a voided write-off’s stems back to the limit: a wrong act of all the eustomas, voided, leaves them to write off', async () => {
    await supply('flower-eustoma', 6);
    const wrong = await call<{ data: { id: string } }>(shop.url, '/api/slips/update', { data: act([{ flower: 'flower-eustoma', qty: 6 }])() }, staff.florist.cookie);
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    expect((await call(shop.url, '/api/slips/void', { id: wrong.body.data.id, reason: 'Списали не тот цветок' }, staff.manager.cookie)).status).toBe(200);
    const right = await call(shop.url, '/api/slips/update', { data: act([{ flower: 'flower-eustoma', qty: 4 }])() }, staff.florist.cookie);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(await balance('flower-eustoma', 'warehouse-cold')).toBe(2);
  });

  it('the accepted cases took the tulips and the ribbon to exactly nothing', async () => {
    expect(await balance('flower-tulip', 'warehouse-cold')).toBe(0);
    expect(await balance('flower-satin-ribbon', 'warehouse-cold')).toBe(0);
  });

  it('in one pushed batch, an act accepted counts for the next: 30 roses and 30 roses of 48, the second refused', async () => {
    const now = Date.now();
    const doc = (id: string) => ({
      _id: id, type: 'slip', v: slip.version, title: `Списание от ${today()}`, day: today(),
      createdBy: demoPhones.florist, createdAt: now, updatedBy: demoPhones.florist, updatedAt: now, data: act([{ flower: 'flower-rose-explorer', qty: 30 }])(),
    });
    const res = await fetch(`${shop.url}/db/office/_bulk_docs`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: staff.florist.cookie }, body: JSON.stringify({ docs: [doc('slip-batch-1'), doc('slip-batch-2')] }),
    });
    const rows = (await res.json()) as Row[];
    expect(rows.find((r) => r.id === 'slip-batch-1'), JSON.stringify(rows)).toMatchObject({ ok: true });
    expect(rows.find((r) => r.id === 'slip-batch-2')?.reason).toMatch(/^На складе «Холодильник» 18 шт\., списать 30 нельзя/);
    expect(await balance('flower-rose-explorer', 'warehouse-cold')).toBe(18);
  });

  it('stores a write-off recorded offline an hour ago that turns out to exceed the balance: the roses are gone, stock goes below zero', async () => {
    // Dated the Moscow day of its writing: in the first hour after midnight an hour ago is yesterday, and today refused.
    const hourAgo = Date.now() - 60 * 60_000;
    const pushed = await pushNew(shop.url, slip, act([{ flower: 'flower-rose-explorer', qty: 100 }], 'warehouse-cold', today(new Date(hourAgo)))(), staff.florist, hourAgo);
    expect(pushed.row, JSON.stringify(pushed.row)).toMatchObject({ ok: true });
    expect(await balance('flower-rose-explorer', 'warehouse-cold')).toBe(-82);
  });

  it('a count that finds the roses brings the balance back to zero or above', async () => {
    const count = { day: today(), warehouse: 'warehouse-cold', lines: [{ flower: 'flower-rose-explorer', expected: -82, counted: 3 }], status: 'finished' };
    const done = await call(shop.url, '/api/stock-counts/update', { data: count }, staff.florist.cookie);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await balance('flower-rose-explorer', 'warehouse-cold')).toBe(3);
  });
});
