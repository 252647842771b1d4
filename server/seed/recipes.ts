import { invoice } from '../../schema/entities/invoice';
import { techCard } from '../../schema/entities/tech-card';
import { tierDatabases } from '../../schema/shared/databases';
import { today } from '../../schema/shared/day';
import type { OfficeRecord } from '../../schema/shared/record';
import type { Shop } from '../context';
import { createIfMissing } from '../db/docs';
import { toSynced } from '../db/synced';
import { demoProducts } from './products';
import { recordOf } from './stock';

/**
 * The demo's bouquets by tech card (DECISIONS «One stock truth for bouquets»): the monobouquets made of the demo's
 * flowers and the rose sold by the stem, each with its recipe, and the stems in the card's warehouse to make as many
 * as the catalogue showed, on a posted invoice «Остатки на начало» per warehouse. A new studio then sees stock move from the first sale: an order promises stems, its
 * assembly takes them, the catalogue's count follows. Per recipe: the item's name, its flowers per bouquet, and
 * each flower's purchase price.
 */
const recipes: { item: string; lines: { flower: string; qty: number; price: number }[]; warehouse?: string }[] = [
  { item: 'Монобукет из 15 белых хризантем', lines: [{ flower: 'flower-chrysanthemum', qty: 15, price: 90 }, { flower: 'flower-kraft-paper', qty: 0.5, price: 60 }] },
  { item: 'Монобукет из 51 красной розы', lines: [{ flower: 'flower-rose-explorer', qty: 51, price: 95 }, { flower: 'flower-satin-ribbon', qty: 1, price: 25 }] },
  { item: 'Монобукет из 25 тюльпанов', lines: [{ flower: 'flower-tulip', qty: 25, price: 45 }, { flower: 'flower-kraft-paper', qty: 0.5, price: 60 }] },
  { item: 'Монобукет из 19 эустом', lines: [{ flower: 'flower-eustoma', qty: 19, price: 110 }] },
  { item: "Монобукет из 25 роз Пинк О'Хара", lines: [{ flower: 'flower-rose-ohara', qty: 25, price: 160 }] },
  // Sold by the stem from the showcase: one stock with its flower there (DECISIONS «An item sold by the stem is one stock with its flower»).
  { item: 'Роза Эксплорер, 60 см', lines: [{ flower: 'flower-rose-explorer', qty: 1, price: 95 }], warehouse: 'warehouse-showcase' },
];

const coldRoom = 'warehouse-cold';
/** The demo's materials bought by the metre (server/seed/stock.ts). */
const byTheMetre = new Set(['flower-kraft-paper', 'flower-satin-ribbon']);

/** The demo's tech cards and the opening stock that makes their catalogue counts, one posted invoice per warehouse (exported for the seed's test). */
export const demoRecipes = (): { cards: OfficeRecord[]; openings: OfficeRecord[] } => {
  // Per warehouse, per flower: the stems on hand and their purchase price.
  const stems = new Map<string, Map<string, { qty: number; price: number }>>();
  const cards = recipes.map(({ item, lines, warehouse = coldRoom }, i) => {
    const product = demoProducts.find((p) => p.name === item);
    if (!product) throw new Error(`demo recipe for «${item}»: no such demo item`);
    const shelf = stems.get(warehouse) ?? new Map<string, { qty: number; price: number }>();
    stems.set(warehouse, shelf);
    for (const l of lines) shelf.set(l.flower, { qty: (shelf.get(l.flower)?.qty ?? 0) + l.qty * product.count, price: l.price });
    return recordOf(techCard, `techcard-demo-${i + 1}`, {
      name: item,
      art: product.art,
      warehouse,
      lines: lines.map((l) => ({ flower: l.flower, card: '', qty: l.qty })),
      price: product.price,
      product: product.id,
    });
  });
  const openings = [...stems].map(([warehouse, shelf]) =>
    recordOf(invoice, warehouse === coldRoom ? 'invoice-demo-opening' : `invoice-demo-opening-${warehouse.replace(/^warehouse-/, '')}`, {
      number: 'Остатки на начало',
      day: today(new Date(Date.UTC(2026, 10, 1))),
      warehouse,
      lines: [...shelf].map(([flower, { qty, price }]) => ({ flower, qty: Math.round(qty * 1000) / 1000, price, unit: byTheMetre.has(flower) ? 'm' : 'pcs' })),
      status: 'posted',
    }),
  );
  return { cards, openings };
};

/**
 * Writes the demo's recipes and their opening stock on a new demo store (server/seed/index.ts, before the catalogue's
 * mark): each only if missing, so a card staff deleted on a store seeded before does not come back.
 */
export const seedRecipes = async (shop: Shop): Promise<void> => {
  const office = shop.storage.db(tierDatabases.office);
  const { cards, openings } = demoRecipes();
  for (const record of [...openings, ...cards]) await createIfMissing(office, record.id, toSynced(record));
};
