import { describe, expect, it } from 'vitest';
import { invoice } from '../../entities/invoice';
import { slip } from '../../entities/slip';
import { costOfDay, priceHistory } from './purchase-price';
import { voidFact } from '../../entities/void';
import { voidedIds } from '../../shared/voids';
import { stockCount } from '../../entities/stock-count';
import { cancelledKey, monthOf, shortageKey, slipMatches, wasteReport } from './write-off-report';

const act = (day: string, lines: { flower: string; qty: number; reason: string; cost?: number }[]) => slip.fields.parse({ day, warehouse: 'wh-cold', lines });
const supply = (day: string, lines: { flower: string; qty: number; price: number }[], status: 'draft' | 'posted' = 'posted') => invoice.fields.parse({ day, warehouse: 'wh-cold', lines, status });
let n = 0;
/** A record as the report reads it, under an id of its own. */
const held = <T,>(data: T) => ({ id: `record-${String(++n).padStart(4, '0')}`, data });
const noVoids = new Map<string, unknown>();

describe('waste at a glance', () => {
  const november = monthOf('2026-11-25');
  const invoices = [
    supply('2026-11-02', [{ flower: 'rose', qty: 100, price: 90 }, { flower: 'eucalyptus', qty: 20, price: 50 }]),
    supply('2026-11-20', [{ flower: 'rose', qty: 50, price: 120 }], 'draft'),
    supply('2026-10-30', [{ flower: 'rose', qty: 100, price: 80 }]),
  ];

  it('sums a period’s write-offs by reason and by flower at the purchase price of each act’s day and as a share of that period’s posted purchases, leaving assembly out', () => {
    const report = wasteReport(
      [
        act('2026-11-05', [{ flower: 'rose', qty: 5, reason: 'wilted', cost: 90 }, { flower: 'eucalyptus', qty: 2, reason: 'broken', cost: 10_000_000 }]),
        act('2026-11-06', [{ flower: 'rose', qty: 3, reason: 'broken' }]),
        act('2026-11-07', [{ flower: 'rose', qty: 11, reason: 'assembly', cost: 90 }]),
        act('2026-10-31', [{ flower: 'rose', qty: 50, reason: 'wilted', cost: 80 }]),
        act('2026-12-01', [{ flower: 'rose', qty: 50, reason: 'wilted', cost: 80 }]),
      ].map(held),
      invoices.map(held),
      november,
      noVoids,
    );
    expect(november).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    // Purchases: the posted November invoice only, 100 × 90 + 20 × 50.
    expect(report.purchases).toBe(10_000);
    // A rose on 5–6 November: the average of October's 100 × 80 and November's 100 × 90, whatever the device wrote.
    expect(report.money).toBe(5 * 85 + 2 * 50 + 3 * 85);
    expect(report.share).toBe(0.078);
    expect(report.byReason).toEqual([
      { key: 'wilted', qty: 5, money: 425, share: 0.0425 },
      { key: 'broken', qty: 5, money: 355, share: 0.0355 },
    ]);
    expect(report.byFlower).toEqual([
      { key: 'rose', qty: 8, money: 680, share: 0.068 },
      { key: 'eucalyptus', qty: 2, money: 100, share: 0.01 },
    ]);
  });

  it('prices an act before the flower’s first purchase at that purchase’s price, and gives no share without purchases', () => {
    const report = wasteReport([held(act('2026-09-10', [{ flower: 'rose', qty: 2, reason: 'wilted', cost: 5 }]))], invoices.map(held), monthOf('2026-09-10'), noVoids);
    expect(report).toMatchObject({ money: 160, purchases: 0, share: null, byReason: [{ key: 'wilted', qty: 2, money: 160, share: null }] });
  });

  it('leaves a voided act out of the loss and a voided invoice out of the purchases and the prices (schema/shared/voids.ts)', () => {
    const [kept, wrong] = [held(act('2026-11-05', [{ flower: 'rose', qty: 5, reason: 'wilted' }])), held(act('2026-11-06', [{ flower: 'rose', qty: 9, reason: 'broken' }]))];
    const [posted, mistaken] = [held(supply('2026-11-02', [{ flower: 'rose', qty: 100, price: 90 }])), held(supply('2026-11-03', [{ flower: 'rose', qty: 100, price: 1000 }]))];
    const voided = voidedIds([wrong, mistaken].map((r) => ({ id: `void-${r.id}`, type: voidFact.type, v: 1, data: { target: r.id, targetType: 'slip', reason: 'Записали по ошибке' } })));
    const report = wasteReport([kept, wrong], [posted, mistaken], november, voided);
    expect(report).toMatchObject({ money: 5 * 90, purchases: 9_000, share: 0.05, byReason: [{ key: 'wilted', qty: 5, money: 450 }], byFlower: [{ key: 'rose', qty: 5, money: 450 }] });
  });

  it('counts a unit at the average purchase price of its day and before (costOfDay), drafts and returns left out', () => {
    const history = priceHistory([...invoices, { ...supply('2026-11-03', [{ flower: 'rose', qty: 1000, price: 1 }]), kind: 'return' as const }]);
    expect(costOfDay(history, 'rose', '2026-10-01')).toBe(80);
    expect(costOfDay(history, 'rose', '2026-10-30')).toBe(80);
    expect(costOfDay(history, 'rose', '2026-11-01')).toBe(80);
    expect(costOfDay(history, 'rose', '2026-11-02')).toBe(85);
    expect(costOfDay(history, 'rose', '2026-12-31')).toBe(85);
    expect(costOfDay(history, 'peony', '2026-11-02')).toBe(0);
  });

  it('narrows the acts list by period, reason and flower', () => {
    const s = act('2026-11-05', [{ flower: 'rose', qty: 5, reason: 'wilted' }, { flower: 'tulip', qty: 1, reason: 'broken' }]);
    expect(slipMatches(s, november)).toBe(true);
    expect(slipMatches(s, monthOf('2026-10-01'))).toBe(false);
    expect(slipMatches(s, { ...november, reason: 'broken', flower: 'tulip' })).toBe(true);
    expect(slipMatches(s, { ...november, reason: 'broken', flower: 'rose' })).toBe(false);
    expect(slipMatches(s, { ...november, flower: 'peony' })).toBe(false);
    expect(monthOf('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('counts a count’s shortage (the count and its correction as one difference) and the stems of a bouquet whose order was cancelled as losses beside the write-offs; a surplus and a voided count are none', () => {
    const count = (day: string, warehouse: string, lines: { flower: string; expected: number; counted: number }[]) => stockCount.fields.parse({ day, warehouse, lines, status: 'finished' });
    const shortage = held(count('2026-11-10', 'wh-cold', [{ flower: 'rose', expected: 40, counted: 35 }, { flower: 'eucalyptus', expected: 5, counted: 7 }]));
    // The server's correction of it: the device expected 40, the server held 42, so the shelf is 7 short in all.
    const correction = held(count('2026-11-10', 'wh-cold', [{ flower: 'rose', expected: 42, counted: 40 }]));
    const wrongCount = held(count('2026-11-11', 'wh-cold', [{ flower: 'rose', expected: 30, counted: 0 }]));
    const openCount = held(stockCount.fields.parse({ day: '2026-11-12', warehouse: 'wh-cold', lines: [{ flower: 'rose', expected: 30, counted: 1 }], status: 'open' }));
    const voided = voidedIds([{ id: 'void-x', type: voidFact.type, v: 1, data: voidFact.fields.parse({ target: wrongCount.id, targetType: 'stockCount', reason: 'Не тот склад' }) }]);
    const slips = [
      held(act('2026-11-05', [{ flower: 'rose', qty: 2, reason: 'wilted' }])),
      held(slip.fields.parse({ day: '2026-11-06', warehouse: 'wh-cold', lines: [{ flower: 'rose', qty: 11, reason: 'assembly' }], order: 'order-cancelled' })),
      held(slip.fields.parse({ day: '2026-11-06', warehouse: 'wh-cold', lines: [{ flower: 'rose', qty: 9, reason: 'assembly' }], order: 'order-sold' })),
    ];
    const report = wasteReport(slips, invoices.map(held), november, voided, { counts: [shortage, correction, wrongCount, openCount], cancelledOrders: new Set(['order-cancelled']) });
    // A rose in November is 85 ₽ (see above).
    expect(report).toMatchObject({ writeOffs: 2 * 85, shortages: 7 * 85, cancelled: 11 * 85, money: 20 * 85 });
    expect(report.byReason).toEqual([
      { key: cancelledKey, qty: 11, money: 935, share: 0.0935 },
      { key: shortageKey, qty: 7, money: 595, share: 0.0595 },
      { key: 'wilted', qty: 2, money: 170, share: 0.017 },
    ]);
    expect(report.byFlower).toEqual([{ key: 'rose', qty: 20, money: 1700, share: 0.17 }]);
  });
});
