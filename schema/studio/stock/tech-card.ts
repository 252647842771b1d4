import type { z } from 'zod';
import { qtyIssue, type Unit } from '../../shared/unit';
import { assemblyReason, type SlipLine } from '../../entities/slip';
import type { techCard } from '../../entities/tech-card';
import type { PurchasePrice } from './purchase-price';

export type TechCard = z.infer<typeof techCard.fields>;
/** Tech cards by their record id. */
type Cards = ReadonlyMap<string, Pick<TechCard, 'name' | 'lines'>>;

const thousandths = (n: number) => Math.round(n * 1000) / 1000;
const kopecks = (n: number) => Math.round(n * 100) / 100;

/**
 * The chain of cards through which card `id` (with these lines, as about to be stored) would include itself:
 * `[id, …, id]`, or null. Other cards are read from `cards` as stored; a part that is not there includes nothing.
 */
const selfInclusion = (id: string, card: Pick<TechCard, 'lines'>, cards: Cards): string[] | null => {
  const seen = new Set<string>();
  const walk = (lines: TechCard['lines'], path: string[]): string[] | null => {
    for (const { card: part } of lines) {
      if (!part) continue;
      if (part === id) return [...path, id];
      if (seen.has(part)) continue;
      seen.add(part);
      const found = cards.get(part) && walk(cards.get(part)!.lines, [...path, part]);
      if (found) return found;
    }
    return null;
  };
  return walk(card.lines, [id]);
};

/** Why a card's recipe cannot be stored (Russian), or undefined: a card that includes itself, a part of a flower in pieces. */
export const techCardIssue = (id: string, card: Pick<TechCard, 'lines'>, cards: Cards, units: ReadonlyMap<string, Unit> = new Map()): string | undefined => {
  const chain = selfInclusion(id, card, cards);
  if (chain?.length === 2) return 'Техкарта не может включать саму себя';
  if (chain) return `Техкарта включает саму себя через ${chain.slice(1, -1).map((c) => `«${cards.get(c)?.name ?? c}»`).join(' → ')}: уберите эту строку`;
  for (const l of card.lines) {
    const unit = l.flower ? units.get(l.flower) : undefined;
    const issue = unit && qtyIssue(unit, l.qty);
    if (issue) return issue;
  }
  return undefined;
};

/**
 * What one bouquet takes, per flower or material: its lines, with each part card's own stems times the part's
 * quantity. A part already being unfolded (a cycle stored before it could be refused) adds nothing, so this always ends.
 */
export const stemsOf = (card: Pick<TechCard, 'lines'>, cards: Cards, times = 1, path: ReadonlySet<string> = new Set()): Map<string, number> => {
  const stems = new Map<string, number>();
  const add = (flower: string, qty: number) => stems.set(flower, thousandths((stems.get(flower) ?? 0) + qty));
  for (const l of card.lines) {
    if (l.flower) add(l.flower, l.qty * times);
    const part = l.card && !path.has(l.card) ? cards.get(l.card) : undefined;
    if (part) for (const [flower, qty] of stemsOf(part, cards, l.qty * times, new Set([...path, l.card]))) add(flower, qty);
  }
  return stems;
};

/** A bouquet's cost at current purchase prices (each flower's last posted price), and the flowers that have none yet. */
export const stemsCost = (stems: ReadonlyMap<string, number>, prices: ReadonlyMap<string, PurchasePrice>): { cost: number; unpriced: string[] } => {
  let cost = 0;
  const unpriced: string[] = [];
  for (const [flower, qty] of stems) {
    const price = prices.get(flower);
    if (price) cost += qty * price.last;
    else unpriced.push(flower);
  }
  return { cost: kopecks(cost), unpriced };
};

/** The price the markup asks for: cost × (1 + markup %), rounded up to tens of roubles, as shops write prices. */
export const suggestedPrice = (cost: number, markup: number): number => Math.ceil(kopecks(cost * (1 + markup / 100)) / 10) * 10;

type MarginFlag = { level: 'loss' | 'thin'; text: string };

/**
 * Whether the price set still earns the card's markup over today's cost: a bouquet whose cost rose past its margin
 * is flagged in the list. No price set, or no cost known, flags nothing.
 */
export const marginFlag = (price: number, cost: number, markup: number): MarginFlag | undefined => {
  if (!price || !cost) return undefined;
  if (price <= cost) return { level: 'loss', text: 'Цена не покрывает себестоимость' };
  const earned = Math.floor(((price - cost) / cost) * 100);
  if (earned < markup) return { level: 'thin', text: `Наценка ${earned} % вместо ${markup} %` };
  return undefined;
};

const quantity = (n: number) => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 }).format(n);

/** The catalogue's «Состав» of a published bouquet: «Роза Explorer красная 60 см — 15 шт., Эвкалипт — 3 шт.». */
export const compositionText = (stems: ReadonlyMap<string, number>, flowers: ReadonlyMap<string, { title: string; unit: Unit }>): string =>
  [...stems]
    .map(([id, qty]) => {
      const f = flowers.get(id);
      return f ? `${f.title} — ${quantity(qty)} ${f.unit.label}` : undefined;
    })
    .filter(Boolean)
    .join(', ');

/** The card each catalogue item is published as: of the active cards naming a product, the first by id. */
export const cardsByProduct = <C extends Pick<TechCard, 'product' | 'active'>>(cards: ReadonlyMap<string, C>): Map<string, { id: string; card: C }> => {
  const byProduct = new Map<string, { id: string; card: C }>();
  for (const [id, card] of [...cards].toSorted(([a], [b]) => a.localeCompare(b))) if (card.active && card.product && !byProduct.has(card.product)) byProduct.set(card.product, { id, card });
  return byProduct;
};

/**
 * How many bouquets of the card's own size an order's lines of `product` come to: each line's count × its size's
 * price factor (one L is 1.5 bouquets' stems). What an assembly takes and what an unassembled order promises alike.
 */
export const baseSizeBouquets = (lines: readonly { id: string; count: number; priceFactor?: number }[], product: string): number =>
  thousandths(lines.reduce((n, l) => (l.id === product ? n + l.count * (l.priceFactor ?? 1) : n), 0));

/**
 * The write-off an order's assembly makes: for every line whose product has a tech card, the card's stems × the
 * line's count × its size's price factor (a bouquet in L takes 1.5 times the stems; pieces rounded up), from the
 * warehouse of the first such card, each stamped with its purchase price. Null when no line has a card.
 */
export const assemblyTake = (
  lines: readonly { id: string; count: number; priceFactor?: number }[],
  cards: ReadonlyMap<string, TechCard>,
  prices: ReadonlyMap<string, PurchasePrice>,
  units: ReadonlyMap<string, Unit> = new Map(),
): { warehouse: string; lines: SlipLine[] } | null => {
  const byProduct = cardsByProduct(cards);
  const stems = new Map<string, number>();
  let warehouse = '';
  for (const line of lines) {
    const found = byProduct.get(line.id);
    if (!found) continue;
    warehouse ||= found.card.warehouse;
    for (const [flower, qty] of stemsOf(found.card, cards, baseSizeBouquets([line], line.id))) stems.set(flower, thousandths((stems.get(flower) ?? 0) + qty));
  }
  if (!stems.size) return null;
  return {
    warehouse,
    lines: [...stems].map(([flower, qty]) => {
      const whole = units.get(flower)?.whole === true;
      return { flower, qty: whole ? Math.ceil(qty) : qty, reason: assemblyReason, cost: prices.get(flower)?.last ?? 0 };
    }),
  };
};

/** How many bouquets the stems on hand in `warehouse` make (the scarcest stem decides); 0 for a card without stems. */
export const bouquetsFromStems = (stems: ReadonlyMap<string, number>, balance: (flower: string) => number): number => {
  let most = Infinity;
  for (const [flower, qty] of stems) if (qty > 0) most = Math.min(most, Math.floor(Math.max(0, balance(flower)) / qty));
  return Number.isFinite(most) ? most : 0;
};
