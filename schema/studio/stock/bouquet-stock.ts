import { bouquetsFromStems, cardsByProduct, stemsOf, type TechCard } from './tech-card';

/** Checkout's refusal of a bouquet nothing is left of (its last stems written off or sold a moment ago). */
export const bouquetGone = 'Этот букет только что закончился';

const thousandths = (n: number) => Math.round(n * 1000) / 1000;

/**
 * How many of each tech-card bouquet the shop may still sell (DECISIONS «One stock truth for bouquets»): derived,
 * never stored as a counter. For each catalogue item a card is published as (`cardsByProduct`), the stems on hand in
 * the card's warehouse (`balance`: the sum of every stock-moving record, voids left out) less the stems promised to
 * orders placed but not assembled yet (`promised`: bouquets per item; an assembled order's stems already left through
 * its assembly act), and then how many whole bouquets what is left makes: the scarcest stem decides, as «можно
 * собрать» on the card. A stem two bouquets share is promised once per order, whichever bouquet it went to.
 * The studio makes bouquets to order, so there are no made-ahead bouquets to add.
 */
/** The stems left per card's warehouse and flower once `promised` (bouquets per item) are taken off the balance. */
const stemsLeft = (cards: ReadonlyMap<string, TechCard>, balance: (flower: string, warehouse: string) => number, promised: ReadonlyMap<string, number>) => {
  const byProduct = cardsByProduct(cards);
  const stems = new Map([...byProduct].map(([product, { card }]) => [product, stemsOf(card, cards)] as const));
  // Stems promised, per warehouse and flower.
  const held = new Map<string, number>();
  const slot = (flower: string, warehouse: string) => `${warehouse}\u0000${flower}`;
  for (const [product, n] of promised) {
    const found = byProduct.get(product);
    if (!found || n <= 0) continue;
    for (const [flower, qty] of stems.get(product) ?? []) {
      const key = slot(flower, found.card.warehouse);
      held.set(key, thousandths((held.get(key) ?? 0) + qty * n));
    }
  }
  const left = (flower: string, warehouse: string) => thousandths(balance(flower, warehouse) - (held.get(slot(flower, warehouse)) ?? 0));
  return { byProduct, stems, left };
};

export const sellableBouquets = (
  cards: ReadonlyMap<string, TechCard>,
  balance: (flower: string, warehouse: string) => number,
  promised: ReadonlyMap<string, number> = new Map(),
): Map<string, number> => {
  const { byProduct, stems, left } = stemsLeft(cards, balance, promised);
  const sellable = new Map<string, number>();
  for (const [product, { card }] of byProduct) sellable.set(product, bouquetsFromStems(stems.get(product) ?? new Map(), (flower) => left(flower, card.warehouse)));
  return sellable;
};

/**
 * The tech-card items some of whose stems are promised to more bouquets than the warehouse holds: two orders for two
 * bouquets sharing the last stems, each held by a different app server at the same moment, each judged before the
 * other's hold was written. Read after a hold is written, with every hold: the order that finds its bouquet here steps
 * back (server/stock/stock.ts).
 */
export const overPromised = (cards: ReadonlyMap<string, TechCard>, balance: (flower: string, warehouse: string) => number, promised: ReadonlyMap<string, number>): Set<string> => {
  const { byProduct, stems, left } = stemsLeft(cards, balance, promised);
  const over = new Set<string>();
  for (const [product, { card }] of byProduct)
    for (const [flower, qty] of stems.get(product) ?? []) if (qty > 0 && (promised.get(product) ?? 0) > 0 && left(flower, card.warehouse) < 0) over.add(product);
  return over;
};
