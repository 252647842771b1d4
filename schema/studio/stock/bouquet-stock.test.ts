import { describe, expect, it } from 'vitest';
import { sellableBouquets } from './bouquet-stock';
import type { TechCard } from './tech-card';

const card = (over: Partial<TechCard>): TechCard => ({ name: 'Букет', art: '', warehouse: 'wh-main', lines: [], markup: 150, price: 0, product: '', active: true, note: '', ...over });

const cards = new Map<string, TechCard>([
  // 5 roses and 2 eucalyptus a bouquet, on item p-roses.
  ['tc-roses', card({ product: 'p-roses', lines: [{ flower: 'rose', card: '', qty: 5 }, { flower: 'euc', card: '', qty: 2 }] })],
  // 3 roses a bouquet from the same warehouse, on item p-small.
  ['tc-small', card({ product: 'p-small', lines: [{ flower: 'rose', card: '', qty: 3 }] })],
  // Same flowers, another warehouse.
  ['tc-far', card({ product: 'p-far', warehouse: 'wh-2', lines: [{ flower: 'rose', card: '', qty: 1 }] })],
  // Not published, and switched off.
  ['tc-draft', card({ lines: [{ flower: 'rose', card: '', qty: 1 }] })],
  ['tc-off', card({ product: 'p-off', active: false, lines: [{ flower: 'rose', card: '', qty: 1 }] })],
]);

const stock = (sums: Record<string, number>) => (flower: string, warehouse: string) => sums[`${flower}@${warehouse}`] ?? 0;

describe('sellableBouquets', () => {
  it('counts whole bouquets the stems of the card’s warehouse make; the scarcest stem decides', () => {
    const n = sellableBouquets(cards, stock({ 'rose@wh-main': 17, 'euc@wh-main': 9, 'rose@wh-2': 4 }));
    expect(n.get('p-roses')).toBe(3); // 17 / 5 = 3, 9 / 2 = 4
    expect(n.get('p-small')).toBe(5);
    expect(n.get('p-far')).toBe(4);
    expect(n.has('p-off')).toBe(false);
    expect([...n.keys()].sort()).toEqual(['p-far', 'p-roses', 'p-small']);
  });

  it('a write-off, a transfer out or a count shortage (any lower balance) lowers the count at once', () => {
    expect(sellableBouquets(cards, stock({ 'rose@wh-main': 10, 'euc@wh-main': 9 })).get('p-roses')).toBe(2);
    expect(sellableBouquets(cards, stock({ 'rose@wh-main': 9, 'euc@wh-main': 9 })).get('p-roses')).toBe(1);
    expect(sellableBouquets(cards, stock({ 'rose@wh-main': 10, 'euc@wh-main': 1 })).get('p-roses')).toBe(0);
  });

  it('stems promised to orders not yet assembled are no longer sellable, by every bouquet that uses them', () => {
    const n = sellableBouquets(cards, stock({ 'rose@wh-main': 17, 'euc@wh-main': 9, 'rose@wh-2': 4 }), new Map([['p-roses', 2]]));
    // 17 − 10 = 7 roses, 9 − 4 = 5 eucalyptus left.
    expect(n.get('p-roses')).toBe(1);
    expect(n.get('p-small')).toBe(2);
    // Another warehouse's roses are not promised.
    expect(n.get('p-far')).toBe(4);
  });

  it('never answers less than nothing, and a stem gone negative (offline write-off) sells none', () => {
    const n = sellableBouquets(cards, stock({ 'rose@wh-main': -3, 'euc@wh-main': 9 }), new Map([['p-small', 9]]));
    expect(n.get('p-roses')).toBe(0);
    expect(n.get('p-small')).toBe(0);
  });

  it('a bouquet with a base card counts the base’s stems too', () => {
    const withBase = new Map([...cards, ['tc-base', card({ lines: [{ flower: 'euc', card: '', qty: 4 }] })], ['tc-big', card({ product: 'p-big', lines: [{ flower: 'rose', card: '', qty: 1 }, { flower: '', card: 'tc-base', qty: 1 }] })]]);
    expect(sellableBouquets(withBase, stock({ 'rose@wh-main': 20, 'euc@wh-main': 9 })).get('p-big')).toBe(2);
  });
});
