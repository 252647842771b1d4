import { z } from 'zod';
import type { ChargeFact, ReportInput, SlipFact, SoldOrder } from '../../schema/studio/reports/analytics-report';
import type { ItemCategory } from '../../schema/shop/category';
import { charge } from '../../schema/entities/charge';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { refEntries, refLabel, type RefEntry } from '../../schema/entities/ref';
import { slip } from '../../schema/entities/slip';
import { voidFact } from '../../schema/entities/void';
import { product } from '../../schema/shop/product';
import { officeRecord, recordData, type OfficeRecord } from '../../schema/shared/record';
import { priceHistory, purchasePrices, type InvoiceRecord, type PriceHistory } from '../../schema/studio/stock/purchase-price';
import { stockCount } from '../../schema/entities/stock-count';
import { warehouse } from '../../schema/entities/warehouse';
import { balanceBookOf } from '../../schema/shared/record-moves';
import { stockValue } from '../../schema/studio/stock/stock-value';
import { allDocs, stripMeta, type Stored } from '../db/docs';
import type { StockProjection } from '../stock/stock-projection';
import type { DayContext } from '../../schema/studio/reports/analytics-days';
import type { Storage } from '../db/storage';
import { orderRecord } from '../orders/order-record';

/**
 * What the report is computed from (schema/studio/reports/analytics-report.ts), read from the studio's stored facts:
 * each fact as the day summary takes it (server/analytics/day-summary.ts), and every fact at once for the report
 * computed from all of them (`allStudioFacts`: tests and the bench compare with it).
 */

/**
 * The fields of a stored order (server/orders/order-record.ts) the report reads, and no more: every order is read
 * once as it arrives, and checking every phone and address of it again would be most of that time.
 */
const soldOrder = z.object({
  customer: orderRecord.shape.customer,
  date: z.string(),
  status: orderRecord.shape.status,
  total: z.number(),
  deliveryPrice: z.number(),
  paid: orderRecord.shape.paid,
  source: orderRecord.shape.source,
  lines: z.array(z.object({ id: z.string(), name: z.string(), count: z.number(), sum: z.number() })),
  stage: orderRecord.shape.stage,
  number: orderRecord.shape.number,
});

/** A placed, numbered order of the server-only `orders` database (a draft still placing or refused was never sold). */
export const soldOrderOf = (doc: Stored<object>): SoldOrder | undefined => {
  const parsed = soldOrder.safeParse(doc);
  if (!parsed.success || parsed.data.stage !== 'placed' || parsed.data.number === undefined) return undefined;
  const { stage: _s, number: _n, ...sold } = parsed.data;
  return { ...sold, id: doc._id };
};
const soldOrders = (docs: Stored<object>[]): SoldOrder[] => docs.flatMap((doc) => soldOrderOf(doc) ?? []);

/** An office record's envelope as stored (RxDB's replication form: `_id` is the record's id). */
const stored = z.object({
  type: z.string(),
  v: z.number().int().min(1).default(1),
  title: z.string().default(''),
  updatedAt: z.number().default(0),
  data: z.record(z.string(), z.unknown()),
});

/**
 * The fields of a write-off act the report reads (schema/entities/slip.ts; the device and the push rule checked the
 * rest). Not the lines' `cost`: the books count the purchase price of the day (`prices`).
 */
const slipFacts = z.object({
  day: slip.fields.shape.day,
  order: z.string().default(''),
  lines: z.array(z.object({ flower: z.string(), qty: z.number(), reason: z.string() })),
});

/** A write-off act as the report reads it (an assembly act names its order, or is `asm-{order}`). */
export const slipFactOf = (id: string, doc: object): SlipFact | undefined => {
  const envelope = stored.safeParse(doc);
  if (!envelope.success || envelope.data.type !== slip.type) return undefined;
  const s = slipFacts.safeParse(envelope.data.data);
  return s.success ? { day: s.data.day, order: s.data.order || (id.startsWith('asm-') ? id.slice(4) : ''), lines: s.data.lines } : undefined;
};

/** An expense as the report reads it, by its category's code: read as the record API reads it; cash put in is none. */
export const chargeFactOf = (doc: object): ChargeFact | undefined => {
  const envelope = stored.safeParse(doc);
  if (!envelope.success || envelope.data.type !== charge.type) return undefined;
  const c = recordData(charge, envelope.data);
  return c?.direction === 'out' ? { day: c.day, amount: c.amount, category: c.category } : undefined;
};

/** What a void record voids. */
export const voidTargetOf = (doc: object): string | undefined => {
  const envelope = stored.safeParse(doc);
  const target = envelope.success && envelope.data.type === voidFact.type ? voidFact.fields.shape.target.safeParse(envelope.data.data.target) : null;
  return target?.success ? target.data : undefined;
};

interface OfficeFacts {
  slips: SlipFact[];
  charges: ChargeFact[];
  flowerNames: Map<string, string>;
  /** The order-source list, by which the report names sources (a code an admin added too). */
  sources: RefEntry[];
  /** The cash-reason list, which names the charges' categories. */
  reasons: RefEntry[];
  /** Purchase prices by day, from the stored posted invoices. */
  prices: PriceHistory;
  counts: NonNullable<ReportInput['counts']>;
  stock: NonNullable<ReportInput['stock']>;
}

/**
 * Write-off acts (assembly ones carry an order's cost of goods), charges and the flowers' names from the back-office
 * records (the `office` database, and `admin` in case charges are kept there).
 */
const officeFacts = (docs: Stored<object>[], stockNow?: StockNow): OfficeFacts => {
  const facts: OfficeFacts = { slips: [], charges: [], flowerNames: new Map(), sources: [], reasons: [], prices: new Map(), counts: [], stock: { value: stockValue([], new Map()), warehouseNames: new Map() } };
  const invoices: InvoiceRecord[] = [];
  const counts: z.infer<typeof stockCount.fields>[] = [];
  const warehouseNames = new Map<string, string>();
  // Every record not voided that moves stock counts in the balances, as on /api/stock/balances.
  const records: Pick<OfficeRecord, 'id' | 'type' | 'v' | 'data'>[] = [];
  const refs: { type: string; data: Record<string, unknown> }[] = [];
  const charges: { day: string; amount: number; category: string }[] = [];
  // A voided write-off or charge counts nowhere (schema/shared/voids.ts); the report reads only the voids' targets.
  const voided = new Set(docs.flatMap((doc) => voidTargetOf(doc) ?? []));
  for (const doc of docs) {
    const envelope = stored.safeParse(doc);
    if (!envelope.success || doc._id.startsWith('_') || voided.has(doc._id)) continue;
    const { type, title, data } = envelope.data;
    const known = officeRecord.shape.type.safeParse(type);
    if (known.success) records.push({ id: doc._id, type: known.data, v: envelope.data.v, data });
    if (type === slip.type) {
      const s = slipFactOf(doc._id, doc);
      if (s) facts.slips.push(s);
    } else if (type === charge.type) {
      // Read as the record API reads it (any stored version, lifted and parsed whole): a strict pick of some fields
      // refused every stored charge, which carries its method and note too.
      const c = chargeFactOf(doc);
      if (c) charges.push(c);
    } else if (type === invoice.type) {
      const i = recordData(invoice, envelope.data);
      if (i) invoices.push({ id: doc._id, updatedAt: envelope.data.updatedAt, data: i });
    } else if (type === stockCount.type) {
      const c = recordData(stockCount, envelope.data);
      if (c?.status === 'finished') counts.push(c);
    } else if (type === warehouse.type) {
      const w = recordData(warehouse, envelope.data);
      if (w) warehouseNames.set(doc._id, w.name);
    } else if (type === 'ref') refs.push({ type, data });
    else if (type === flower.type && title) facts.flowerNames.set(doc._id, title);
  }
  // Categories by the studio's names for them (the cash-reason list at /admin/refs), not their codes.
  const reasons = refEntries(refs, 'cash-reason');
  facts.reasons = reasons;
  facts.charges = charges.map((c) => ({ ...c, category: refLabel(reasons, c.category) }));
  facts.sources = refEntries(refs, 'order-source');
  facts.prices = priceHistory(invoices.map((i) => i.data));
  facts.counts = counts;
  if (stockNow) facts.stock = { value: stockValue(stockNow.balances, stockNow.prices), warehouseNames };
  else {
    // The voided records were skipped above, so what they moved counts nowhere, as in every balance.
    const book = balanceBookOf(records);
    facts.stock = { value: stockValue(book.all(), purchasePrices(invoices)), warehouseNames };
  }
  return facts;
};

const productCategory = z.object({ category: product.shape.category });

/** Each catalogue product's category, by id. */
const categoriesOf = (docs: Stored<object>[]): Map<string, ItemCategory> => {
  const categories = new Map<string, ItemCategory>();
  for (const doc of docs) {
    const p = productCategory.safeParse(stripMeta(doc));
    if (p.success) categories.set(doc._id, p.data.category);
  }
  return categories;
};

/** The stock as it stands (the app server's projection: server/stock/stock-projection.ts), read instead of every move. */
export interface StockNow {
  balances: Parameters<typeof stockValue>[0];
  prices: Parameters<typeof stockValue>[1];
}

/** Everything the report reads, from the studio's databases: every stored fact (the report before issue 32; kept for comparison in tests and bench). */
export const allStudioFacts = async (storage: Storage): Promise<ReportInput> => {
  const [orders, office, admin, catalog] = await Promise.all(['orders', 'office', 'admin', 'catalog'].map((name) => allDocs<object>(storage.db(name))));
  const { slips, charges, flowerNames, sources, prices, counts, stock } = officeFacts([...office, ...admin]);
  return { orders: soldOrders(orders), slips, charges, flowerNames, sources, prices, counts, stock, categoryOf: categoriesOf(catalog) };
};

/** The types every report reads whatever its period: prices, counts, warehouses, reference lists, names, voids. */
export const everyReport = new Set<string>([invoice.type, stockCount.type, warehouse.type, 'ref', flower.type, voidFact.type]);

/**
 * Documents by id (the ones stored; a missing or deleted id is left out). PouchDB reads `keys` one by one (~0.5 ms each
 * on a busy machine), so when they are over a thousand and more than a quarter of the database, one pass over it is
 * cheaper and is taken.
 */
const byIds = async (db: PouchDB.Database, ids: string[]): Promise<Stored<object>[]> => {
  const wanted = new Set(ids);
  if (!wanted.size) return [];
  if (wanted.size > 1000 && wanted.size * 4 > (await db.info()).doc_count) return (await allDocs<object>(db)).filter((d) => wanted.has(d._id));
  const { rows } = await db.allDocs({ keys: [...wanted], include_docs: true });
  return rows.flatMap((r) => ('doc' in r && r.doc ? [r.doc as Stored<object>] : []));
};

/**
 * What a report reads beside the day sums (DECISIONS «Analytics sums days»): the records every report reads whatever
 * its period (read by id: `always`, from the day summary), the catalogue's categories, and the stock as it stands (the
 * app server's stock projection, caught up first).
 */
export const reportContext = async (storage: Storage, always: { name: 'office' | 'admin'; ids: string[] }[], stockProjection: StockProjection): Promise<DayContext> => {
  const [docs, catalog, ledger] = await Promise.all([Promise.all(always.map((d) => byIds(storage.db(d.name), d.ids))), allDocs<object>(storage.db('catalog')), stockProjection.current()]);
  const { flowerNames, sources, reasons, prices, counts, stock } = officeFacts(docs.flat(), { balances: ledger.book.all(), prices: ledger.prices() });
  return { flowerNames, sources, reasons, prices, counts, stock, categoryOf: categoriesOf(catalog) };
};
