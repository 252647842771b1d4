import { describe, expect, it } from 'vitest';
import { techCard } from '../../entities/tech-card';
import { purchasePrices } from './purchase-price';
import { invoice } from '../../entities/invoice';
import { unitList, unitOf } from '../../shared/unit';
import { assemblyTake, compositionText, marginFlag, stemsCost, stemsOf, suggestedPrice, techCardIssue, type TechCard } from './tech-card';

const card = (name: string, lines: { flower?: string; card?: string; qty: number }[], extra: Partial<TechCard> = {}): TechCard =>
  techCard.fields.parse({ name, warehouse: 'wh-cold', lines, ...extra });

const posted = (day: string, lines: { flower: string; qty: number; price: number }[]) => ({
  id: `inv-${day}`,
  updatedAt: Date.parse(day),
  data: invoice.fields.parse({ day, warehouse: 'wh-cold', lines, status: 'posted' }),
});

describe('a tech card', () => {
  it('refuses a line that names neither a flower nor a card, or both', () => {
    expect(techCard.fields.safeParse({ name: 'x', warehouse: 'w', lines: [{ qty: 1 }] }).success).toBe(false);
    expect(techCard.fields.safeParse({ name: 'x', warehouse: 'w', lines: [{ flower: 'a', card: 'b', qty: 1 }] }).success).toBe(false);
  });

  it('refuses to include itself, directly or through other cards, naming the way round', () => {
    const cards = new Map<string, TechCard>([
      ['tc-base', card('Основа', [{ flower: 'fl-euc', qty: 3 }, { card: 'tc-mid', qty: 1 }])],
      ['tc-mid', card('Середина', [{ card: 'tc-top', qty: 1 }])],
    ]);
    expect(techCardIssue('tc-top', card('Верх', [{ card: 'tc-top', qty: 1 }]), cards)).toBe('Техкарта не может включать саму себя');
    expect(techCardIssue('tc-top', card('Верх', [{ flower: 'fl-rose', qty: 5 }, { card: 'tc-base', qty: 1 }]), cards)).toBe(
      'Техкарта включает саму себя через «Основа» → «Середина»: уберите эту строку',
    );
    expect(techCardIssue('tc-top', card('Верх', [{ flower: 'fl-rose', qty: 5 }, { card: 'tc-mid', qty: 2 }]), new Map([['tc-mid', card('Середина', [{ flower: 'fl-euc', qty: 1 }])]]))).toBeUndefined();
  });

  it('refuses a fractional quantity of a flower counted in pieces', () => {
    expect(techCardIssue('tc-1', card('Букет', [{ flower: 'fl-rose', qty: 2.5 }]), new Map(), new Map([['fl-rose', unitOf(unitList([]), 'pcs')]]))).toBe('Штуки считают целыми');
    expect(techCardIssue('tc-1', card('Букет', [{ flower: 'fl-ribbon', qty: 0.5 }]), new Map(), new Map([['fl-ribbon', unitOf(unitList([]), 'm')]]))).toBeUndefined();
  });

  it('unfolds part cards into stems, and a stored cycle ends', () => {
    const cards = new Map<string, TechCard>([
      ['tc-base', card('Основа', [{ flower: 'fl-euc', qty: 3 }, { flower: 'fl-rose', qty: 1 }])],
      ['tc-a', card('A', [{ card: 'tc-b', qty: 1 }, { flower: 'fl-rose', qty: 1 }])],
      ['tc-b', card('B', [{ card: 'tc-a', qty: 1 }])],
    ]);
    expect(Object.fromEntries(stemsOf(card('Букет', [{ flower: 'fl-rose', qty: 15 }, { card: 'tc-base', qty: 2 }]), cards))).toEqual({ 'fl-rose': 17, 'fl-euc': 6 });
    expect(Object.fromEntries(stemsOf(cards.get('tc-a')!, cards))).toEqual({ 'fl-rose': 2 });
  });

  it('costs its stems at the last posted purchase price, suggests a price by its markup and flags a margin the cost ate', () => {
    const prices = purchasePrices([posted('2026-11-01', [{ flower: 'fl-rose', qty: 100, price: 90 }]), posted('2026-11-20', [{ flower: 'fl-rose', qty: 50, price: 120 }, { flower: 'fl-euc', qty: 10, price: 45.5 }])]);
    const { cost, unpriced } = stemsCost(new Map([['fl-rose', 15], ['fl-euc', 3], ['fl-ribbon', 1]]), prices);
    expect(cost).toBe(15 * 120 + 3 * 45.5);
    expect(unpriced).toEqual(['fl-ribbon']);
    expect(suggestedPrice(cost, 150)).toBe(4850);
    expect(marginFlag(4850, cost, 150)).toBeUndefined();
    expect(marginFlag(4000, cost, 150)).toEqual({ level: 'thin', text: 'Наценка 106 % вместо 150 %' });
    expect(marginFlag(1900, cost, 150)?.level).toBe('loss');
    expect(marginFlag(0, cost, 150)).toBeUndefined();
  });

  it('writes the catalogue composition from the stems', () => {
    const flowers = new Map([
      ['fl-rose', { title: 'Роза Explorer красная 60 см', unit: unitOf(unitList([]), 'pcs') }],
      ['fl-ribbon', { title: 'Лента атласная', unit: unitOf(unitList([]), 'm') }],
    ]);
    expect(compositionText(new Map([['fl-rose', 15], ['fl-ribbon', 1.5]]), flowers)).toBe('Роза Explorer красная 60 см — 15 шт., Лента атласная — 1,5 м');
  });
});

describe('what an order\'s assembly takes', () => {
  const cards = new Map<string, TechCard>([
    ['tc-red', card('Красные розы', [{ flower: 'fl-rose', qty: 15 }, { flower: 'fl-ribbon', qty: 0.5 }], { product: 'p-red' })],
    ['tc-old', card('Старая', [{ flower: 'fl-rose', qty: 99 }], { product: 'p-red', active: false })],
    ['tc-white', card('Белые', [{ flower: 'fl-rose', qty: 7 }], { product: 'p-white', warehouse: 'wh-studio' })],
  ]);
  const prices = purchasePrices([posted('2026-11-20', [{ flower: 'fl-rose', qty: 50, price: 120 }])]);
  const units = new Map([['fl-rose', unitOf(unitList([]), 'pcs')], ['fl-ribbon', unitOf(unitList([]), 'm')]]);

  it('takes each tech-card line\'s stems × count × size, from the first card\'s warehouse, costed; lines without a card take nothing', () => {
    expect(
      assemblyTake(
        [{ id: 'p-red', count: 2, priceFactor: 1 }, { id: 'p-vase', count: 1 }, { id: 'p-white', count: 1, priceFactor: 1.5 }],
        cards,
        prices,
        units,
      ),
    ).toEqual({
      warehouse: 'wh-cold',
      lines: [
        { flower: 'fl-rose', qty: 41, reason: 'assembly', cost: 120 },
        { flower: 'fl-ribbon', qty: 1, reason: 'assembly', cost: 0 },
      ],
    });
    expect(assemblyTake([{ id: 'p-vase', count: 1 }], cards, prices, units)).toBeNull();
  });
});
