import { z } from 'zod';
import type { ChargeFact, ReportInput, SlipFact, SoldOrder } from '../../schema/studio/reports/analytics-report';
import type { ItemCategory } from '../../schema/shop/category';
import { charge } from '../../schema/entities/charge';
import { flower } from '../../schema/entities/flower';
import { invoice } from '../../schema/entities/invoice';
import { refEntries, refLabel, type RefEntry } from '../../schema/entities/ref';
import { assemblySlipId, slip } from '../../schema/entities/slip';
import { voidFact } from '../../schema/entities/void';
import { product } from '../../schema/shop/product';
import { officeRecord, recordData, type OfficeRecord } from '../../schema/shared/record';
import { priceHistory, purchasePrices, type InvoiceRecord, type PriceHistory } from '../../schema/studio/stock/purchase-price';
import { stockCount } from '../../schema/entities/stock-count';
import { warehouse } from '../../schema/entities/warehouse';
import { balanceBookOf } from '../../schema/shared/record-moves';
import { stockValue } from '../../schema/studio/stock/stock-value';
import { allDocs, stripMeta, type Stored } from '../db/docs';
import { followDb } from '../db/follow';
import type { OrdersIndex } from '../orders/orders-index';
import type { StockProjection } from '../stock/stock-projection';
import type { Period } from '../../schema/studio/reports/analytics-period';
import type { Storage } from '../db/storage';
import { orderRecord } from '../orders/order-record';

/**
 * What the report is computed from (schema/studio/reports/analytics-report.ts), read from the studio's stored facts on every call:
 * nothing is kept in this process, so every app server sharing one CouchDB answers alike.
 */

/**
 * The fields of a stored order (server/orders/order-record.ts) the report reads, and no more: a year of orders is
 * read on every report, and checking every phone and address of it again would be most of the report's time.
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

/** Placed, numbered orders of the server-only `orders` database (a draft still placing or refused was never sold). */
const soldOrders = (docs: Stored<object>[]): SoldOrder[] =>
  docs.flatMap((doc) => {
    const parsed = soldOrder.safeParse(doc);
    if (!parsed.success || parsed.data.stage !== 'placed' || parsed.data.number === undefined) return [];
    const { stage: _s, number: _n, ...sold } = parsed.data;
    return [{ ...sold, id: doc._id }];
  });

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

interface OfficeFacts {
  slips: SlipFact[];
  charges: ChargeFact[];
  flowerNames: Map<string, string>;
  /** The order-source list, by which the report names sources (a code an admin added too). */
  sources: RefEntry[];
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
  const facts: OfficeFacts = { slips: [], charges: [], flowerNames: new Map(), sources: [], prices: new Map(), counts: [], stock: { value: stockValue([], new Map()), warehouseNames: new Map() } };
  const invoices: InvoiceRecord[] = [];
  const counts: z.infer<typeof stockCount.fields>[] = [];
  const warehouseNames = new Map<string, string>();
  // Every record not voided that moves stock counts in the balances, as on /api/stock/balances.
  const records: Pick<OfficeRecord, 'id' | 'type' | 'v' | 'data'>[] = [];
  const refs: { type: string; data: Record<string, unknown> }[] = [];
  const charges: { day: string; amount: number; category: string }[] = [];
  // A voided write-off or charge counts nowhere (schema/shared/voids.ts); the report reads only the voids' targets.
  const voided = new Set(
    docs.flatMap((doc) => {
      const envelope = stored.safeParse(doc);
      const target = envelope.success && envelope.data.type === voidFact.type ? voidFact.fields.shape.target.safeParse(envelope.data.data.target) : null;
      return target?.success ? [target.data] : [];
    }),
  );
  for (const doc of docs) {
    const envelope = stored.safeParse(doc);
    if (!envelope.success || doc._id.startsWith('_') || voided.has(doc._id)) continue;
    const { type, title, data } = envelope.data;
    const known = officeRecord.shape.type.safeParse(type);
    if (known.success) records.push({ id: doc._id, type: known.data, v: envelope.data.v, data });
    if (type === slip.type) {
      const s = slipFacts.safeParse(data);
      if (s.success) facts.slips.push({ day: s.data.day, order: s.data.order || (doc._id.startsWith('asm-') ? doc._id.slice(4) : ''), lines: s.data.lines });
    } else if (type === charge.type) {
      // Read as the record API reads it (any stored version, lifted and parsed whole): a strict pick of some fields
      // refused every stored charge, which carries its method and note too. Cash put in is no expense.
      const c = recordData(charge, envelope.data);
      if (c?.direction === 'out') charges.push({ day: c.day, amount: c.amount, category: c.category });
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
const everyReport = new Set<string>([invoice.type, stockCount.type, warehouse.type, 'ref', flower.type, voidFact.type]);
/** The types a report reads by their day: write-offs and charges. */
const byDay = new Set<string>([slip.type, charge.type]);
const envelope = z.object({ type: z.string(), data: z.object({ day: z.string().optional() }).optional() });

/**
 * The back-office records a report reads (issue 32, item 3; DECISIONS «Analytics reads its periods»), in the `office`
 * and `admin` databases: write-offs and charges by their day, and the types every report reads, in this app server,
 * caught up with each database's changes before every read (server/db/follow.ts).
 */
export const officeIndex = (storage: Storage) => {
  const dbs = (['office', 'admin'] as const).map((name) => {
    const records = new Map<string, { type: string; day?: string }>();
    const sync = followDb(storage, name, (id, doc, deleted) => {
      const e = !deleted && doc && !id.startsWith('_') ? envelope.safeParse(doc) : null;
      if (e?.success && (everyReport.has(e.data.type) || (byDay.has(e.data.type) && e.data.data?.day))) records.set(id, { type: e.data.type, day: e.data.data?.day });
      else records.delete(id);
    });
    return { name, records, sync };
  });
  return {
    warm: () => Promise.all(dbs.map((d) => d.sync())),
    /** Per database, the ids of its write-offs and charges of the days `from`–`to`, and of the records every report reads. */
    async ids(from: string, to: string): Promise<{ name: 'office' | 'admin'; ids: string[] }[]> {
      await Promise.all(dbs.map((d) => d.sync()));
      return dbs.map((d) => ({ name: d.name, ids: [...d.records].filter(([, r]) => everyReport.has(r.type) || (r.day !== undefined && r.day >= from && r.day <= to)).map(([id]) => id) }));
    },
  };
};
export type OfficeIndex = ReturnType<typeof officeIndex>;

/** What a report reads through: the app server's projections of the orders, the office records and the stock. */
export interface ReportIndexes {
  orders: OrdersIndex;
  office: OfficeIndex;
  stock: StockProjection;
}

/**
 * Documents by id (the ones stored; a missing or deleted id is left out). PouchDB reads `keys` one by one (~0.5 ms each
 * on a busy machine), so when they are over a thousand and more than a quarter of the database, one pass over it is
 * cheaper and is taken (a year's report of a studio whose store holds little more than that year).
 */
const byIds = async (db: PouchDB.Database, ids: string[]): Promise<Stored<object>[]> => {
  const wanted = new Set(ids);
  if (!wanted.size) return [];
  if (wanted.size > 1000 && wanted.size * 4 > (await db.info()).doc_count) return (await allDocs<object>(db)).filter((d) => wanted.has(d._id));
  const { rows } = await db.allDocs({ keys: [...wanted], include_docs: true });
  return rows.flatMap((r) => ('doc' in r && r.doc ? [r.doc as Stored<object>] : []));
};

/**
 * What the report of `window` (its periods and the month it ends in) reads: the orders, write-offs and charges of those
 * days (found by the indexes, read by id), the assembly acts of those orders by their ids, the records every report
 * reads, the customers' first days from the orders index (no earlier order read), and the stock as it stands.
 */
export const studioFacts = async (storage: Storage, window: Period, indexes: ReportIndexes): Promise<ReportInput> => {
  const ordersDb = storage.db('orders');
  const [orderIds, officeIds, catalog, ledger] = await Promise.all([indexes.orders.ofDays(window.from, window.to), indexes.office.ids(window.from, window.to), allDocs<object>(storage.db('catalog')), indexes.stock.current()]);
  const orders = soldOrders(await byIds(ordersDb, orderIds));
  const officeDocs = (await Promise.all(officeIds.map((d) => byIds(storage.db(d.name), d.ids)))).flat();
  // An order's cost of goods is its assembly act, whatever day the act bears.
  const acts = await byIds(storage.db('office'), orders.map((o) => assemblySlipId(o.id)));
  // An act of the window for an order of another day: that order tells whether its stems went to a cancelled one.
  const known = new Set(orders.map((o) => o.id));
  const otherOrders = officeDocs.flatMap((d) => {
    const order = stored.safeParse(d).data?.data.order;
    return typeof order === 'string' && order && !known.has(order) ? [order] : [];
  });
  const more = soldOrders(await byIds(ordersDb, otherOrders));
  const seen = new Set<string>();
  const docs = [...officeDocs, ...acts].filter((d) => !seen.has(d._id) && !!seen.add(d._id));
  const { slips, charges, flowerNames, sources, prices, counts, stock } = officeFacts(docs, { balances: ledger.book.all(), prices: ledger.prices() });
  // Customers of the window who ordered before it: their first day, from the orders index alone.
  const firstDays = await indexes.orders.firstDaysBefore(window.from, new Set(orders.map((o) => o.customer)));
  return { orders: [...orders, ...more], firstDays, slips, charges, flowerNames, sources, prices, counts, stock, categoryOf: categoriesOf(catalog) };
};
