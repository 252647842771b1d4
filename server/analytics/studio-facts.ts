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
const officeFacts = (docs: Stored<object>[]): OfficeFacts => {
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
  // The voided records were skipped above, so what they moved counts nowhere, as in every balance.
  const book = balanceBookOf(records);
  facts.stock = { value: stockValue(book.all(), purchasePrices(invoices)), warehouseNames };
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

/** Everything the report reads, from the studio's databases. */
export const studioFacts = async (storage: Storage): Promise<ReportInput> => {
  const [orders, office, admin, catalog] = await Promise.all(['orders', 'office', 'admin', 'catalog'].map((name) => allDocs<object>(storage.db(name))));
  const { slips, charges, flowerNames, sources, prices, counts, stock } = officeFacts([...office, ...admin]);
  return { orders: soldOrders(orders), slips, charges, flowerNames, sources, prices, counts, stock, categoryOf: categoriesOf(catalog) };
};
