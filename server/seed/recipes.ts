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
import { flower } from '../../schema/entities/flower';

/**
 * The demo's bouquets by tech card (DECISIONS «One stock truth for bouquets»): the monobouquets made of the demo's
 * flowers and the rose sold by the stem, each with its recipe, and the stems in the card's warehouse to make as many
 * as the catalogue showed, on a posted invoice «Остатки на начало» per warehouse. A new studio then sees stock move from the first sale: an order promises stems, its
 * assembly takes them, the catalogue's count follows. Per recipe: the item's name, its flowers per bouquet, and
 * each flower's purchase price.
 */
interface Recipe {
  item: string;
  /** Flowers per bouquet of the item's base size. */
  lines: { flower: string; qty: number }[];
  /** Where its stems wait: the cold room unless said. */
  warehouse?: string;
}

const coldRoom = 'warehouse-cold';
/** The florists' tables, where the author bouquets' stems wait: each author card has a flower of its own there, so every count is exact. */
const studio = 'warehouse-studio';

const recipes: Recipe[] = [
  { item: 'Монобукет из 15 белых хризантем', lines: [{ flower: 'flower-chrysanthemum', qty: 15 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
  { item: 'Монобукет из 51 красной розы', lines: [{ flower: 'flower-rose-explorer', qty: 51 }, { flower: 'flower-satin-ribbon', qty: 1 }] },
  { item: 'Монобукет из 25 тюльпанов', lines: [{ flower: 'flower-tulip', qty: 25 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
  { item: 'Монобукет из 19 эустом', lines: [{ flower: 'flower-eustoma', qty: 19 }] },
  { item: "Монобукет из 25 роз Пинк О'Хара", lines: [{ flower: 'flower-rose-ohara', qty: 25 }] },
  { item: 'Монобукет из 9 пионов Сара Бернар', lines: [{ flower: 'flower-peony', qty: 9 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
  // None in the catalogue: no stems on the shelf, the card says what a supply must bring.
  { item: 'Монобукет из 35 кустовых роз', lines: [{ flower: 'flower-spray-rose', qty: 35 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
  { item: 'Монобукет из 11 гортензий', lines: [{ flower: 'flower-hydrangea', qty: 11 }, { flower: 'flower-satin-ribbon', qty: 1 }] },
  // Sold by the stem from the showcase: one stock with its flower there (DECISIONS «An item sold by the stem is one stock with its flower»).
  { item: 'Роза Эксплорер, 60 см', lines: [{ flower: 'flower-rose-explorer', qty: 1 }], warehouse: 'warehouse-showcase' },
  // The author bouquets, from their compositions (a stem count where the shop names none is the studio's usual).
  { item: 'Букет «Утренний Прованс»', warehouse: studio, lines: [{ flower: 'flower-spray-rose', qty: 7 }, { flower: 'flower-eustoma', qty: 5 }, { flower: 'flower-lavender', qty: 3 }, { flower: 'flower-eucalyptus', qty: 2 }, { flower: 'flower-pistacia', qty: 2 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
  { item: 'Букет «Пудровое облако»', warehouse: studio, lines: [{ flower: 'flower-rose-ohara', qty: 9 }, { flower: 'flower-gypsophila', qty: 2 }, { flower: 'flower-eucalyptus', qty: 3 }, { flower: 'flower-matte-film', qty: 0.6 }] },
  { item: 'Букет «Лесная поляна»', warehouse: studio, lines: [{ flower: 'flower-santini', qty: 7 }, { flower: 'flower-chamomile', qty: 5 }, { flower: 'flower-matthiola', qty: 3 }, { flower: 'flower-salal', qty: 2 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
  { item: 'Букет «Нежность»', warehouse: studio, lines: [{ flower: 'flower-alstroemeria', qty: 5 }, { flower: 'flower-rose-explorer', qty: 5 }, { flower: 'flower-pittosporum', qty: 2 }, { flower: 'flower-tissue-paper', qty: 2 }] },
  { item: 'Букет «Мятный джулеп»', warehouse: studio, lines: [{ flower: 'flower-rose-mondial', qty: 11 }, { flower: 'flower-veronica', qty: 3 }, { flower: 'flower-eucalyptus', qty: 3 }, { flower: 'flower-satin-ribbon', qty: 1 }] },
  { item: 'Букет «Карамельный»', warehouse: studio, lines: [{ flower: 'flower-rose-caramel', qty: 9 }, { flower: 'flower-chrysanthemum', qty: 3 }, { flower: 'flower-pistacia', qty: 2 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
  { item: 'Букет «Сказки Шехерезады»', warehouse: studio, lines: [{ flower: 'flower-peony', qty: 7 }, { flower: 'flower-rose-austin', qty: 5 }, { flower: 'flower-eucalyptus', qty: 3 }, { flower: 'flower-satin-ribbon', qty: 1 }] },
  { item: 'Букет «Ягодный морс»', warehouse: studio, lines: [{ flower: 'flower-carnation', qty: 5 }, { flower: 'flower-spray-rose', qty: 5 }, { flower: 'flower-hypericum', qty: 3 }, { flower: 'flower-statice', qty: 2 }, { flower: 'flower-kraft-paper', qty: 0.5 }] },
];

/** What the opening invoices paid per stem, metre or sheet (a flower's purchase price: the average the books start from). */
const purchasePrices: Record<string, number> = {
  'flower-chrysanthemum': 90, 'flower-kraft-paper': 60, 'flower-rose-explorer': 95, 'flower-satin-ribbon': 25, 'flower-tulip': 45,
  'flower-eustoma': 110, 'flower-rose-ohara': 160, 'flower-eucalyptus': 80, 'flower-pistacia': 70, 'flower-spray-rose': 120,
  'flower-lavender': 60, 'flower-gypsophila': 90, 'flower-matte-film': 70, 'flower-santini': 70, 'flower-chamomile': 50,
  'flower-matthiola': 120, 'flower-salal': 60, 'flower-alstroemeria': 80, 'flower-pittosporum': 70, 'flower-tissue-paper': 15,
  'flower-rose-mondial': 130, 'flower-veronica': 90, 'flower-rose-caramel': 140, 'flower-peony': 250, 'flower-rose-austin': 300,
  'flower-carnation': 60, 'flower-hypericum': 90, 'flower-statice': 60, 'flower-hydrangea': 350,
};

/** The demo's materials bought by the metre (server/seed/stock.ts and below). */
const byTheMetre = new Set(['flower-kraft-paper', 'flower-satin-ribbon', 'flower-matte-film']);

/** The flowers only the demo's cards use, beside the demo's basic list (server/seed/stock.ts), written with the recipes. */
const authorFlowers: OfficeRecord[] = [
  recordOf(flower, 'flower-spray-rose', { name: 'Роза кустовая', variety: 'Bombastic', colour: 'кремовая', length: 50, price: 290 }),
  recordOf(flower, 'flower-lavender', { name: 'Лаванда', length: 40, price: 150 }),
  recordOf(flower, 'flower-gypsophila', { name: 'Гипсофила', variety: 'Xlence', colour: 'белая', length: 70, price: 220 }),
  recordOf(flower, 'flower-santini', { name: 'Хризантема сантини', colour: 'зелёная', length: 50, price: 170 }),
  recordOf(flower, 'flower-chamomile', { name: 'Ромашка', variety: 'Матрикария', colour: 'белая', length: 60, price: 120 }),
  recordOf(flower, 'flower-matthiola', { name: 'Маттиола', colour: 'сиреневая', length: 60, price: 290 }),
  recordOf(flower, 'flower-salal', { name: 'Салал', kind: 'greenery', length: 50, price: 140 }),
  recordOf(flower, 'flower-alstroemeria', { name: 'Альстромерия', colour: 'розовая', length: 60, price: 190 }),
  recordOf(flower, 'flower-pittosporum', { name: 'Питтоспорум', kind: 'greenery', length: 50, price: 160 }),
  recordOf(flower, 'flower-rose-mondial', { name: 'Роза', variety: 'Mondial', colour: 'белая', length: 60, price: 320 }),
  recordOf(flower, 'flower-veronica', { name: 'Вероника', colour: 'белая', length: 60, price: 210 }),
  recordOf(flower, 'flower-rose-caramel', { name: 'Роза', variety: 'Caramel Antike', colour: 'карамельная', length: 50, price: 340 }),
  recordOf(flower, 'flower-hydrangea', { name: 'Гортензия', colour: 'белая', length: 60, price: 790 }),
  recordOf(flower, 'flower-peony', { name: 'Пион', variety: 'Sarah Bernhardt', colour: 'розовый', length: 60, price: 590 }),
  recordOf(flower, 'flower-rose-austin', { name: 'Роза пионовидная', variety: 'David Austin', colour: 'персиковая', length: 50, price: 690 }),
  recordOf(flower, 'flower-carnation', { name: 'Гвоздика', colour: 'бордовая', length: 60, price: 150 }),
  recordOf(flower, 'flower-hypericum', { name: 'Гиперикум', colour: 'красный', length: 50, price: 210 }),
  recordOf(flower, 'flower-statice', { name: 'Статица', colour: 'фиолетовая', length: 50, price: 150 }),
  recordOf(flower, 'flower-matte-film', { name: 'Плёнка матовая', kind: 'material', colour: 'пудровая', unit: 'm', price: 150 }),
  recordOf(flower, 'flower-tissue-paper', { name: 'Бумага тишью', kind: 'material', colour: 'кремовая', price: 40 }),
];

/** The demo's tech cards and the opening stock that makes their catalogue counts, one posted invoice per warehouse (exported for the seed's test). */
export const demoRecipes = (): { cards: OfficeRecord[]; openings: OfficeRecord[] } => {
  // Per warehouse, per flower: the stems on hand and their purchase price.
  const stems = new Map<string, Map<string, { qty: number; price: number }>>();
  const cards = recipes.map(({ item, lines, warehouse = coldRoom }, i) => {
    const product = demoProducts.find((p) => p.name === item);
    if (!product) throw new Error(`demo recipe for «${item}»: no such demo item`);
    const shelf = stems.get(warehouse) ?? new Map<string, { qty: number; price: number }>();
    stems.set(warehouse, shelf);
    for (const l of lines) shelf.set(l.flower, { qty: (shelf.get(l.flower)?.qty ?? 0) + l.qty * product.count, price: purchasePrices[l.flower] ?? 0 });
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
      lines: [...shelf].filter(([, { qty }]) => qty > 0).map(([flower, { qty, price }]) => ({ flower, qty: Math.round(qty * 1000) / 1000, price, unit: byTheMetre.has(flower) ? 'm' : 'pcs' })),
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
  for (const record of [...authorFlowers, ...openings, ...cards]) await createIfMissing(office, record.id, toSynced(record));
};
