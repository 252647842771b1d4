import { invoice } from '../schema/entities/invoice';
import { changesHub } from '../server/db/changes-hub';
import { stockProjection } from '../server/stock/stock-projection';
import { demoPhones, startTestShop } from '../server/testing/test-shop';
import { median, row, timed } from './load';

const linesPerRecord = 50;
const warehouses = ['warehouse-studio', 'warehouse-cold', 'warehouse-showcase'];

/** A posted supply invoice of 50 lines, as a device stores it in the office database. */
const invoiceDoc = (i: number, flowers: number) => {
  const lines = Array.from({ length: linesPerRecord }, (_, j) => ({ flower: `bench-flower-${(i * 7 + j * 13) % flowers}`, qty: 1 + ((i + j) % 40), unit: 'pcs', price: 50 + (j % 30) }));
  const data = { kind: 'supply', number: String(i), supplier: '', supplierName: 'Флора', day: '2026-11-25', warehouse: warehouses[i % warehouses.length], lines, paid: 0, status: 'posted', note: '' };
  return { _id: `bench-invoice-${String(i).padStart(7, '0')}`, type: invoice.type, v: invoice.version, title: `Накладная № ${i}`, day: data.day, createdBy: demoPhones.florist, createdAt: i, updatedBy: demoPhones.florist, updatedAt: i, data };
};

/** The baseline: the same documents summed by hand, no parsing, no per-record bookkeeping. */
const plainSum = async (db: PouchDB.Database) => {
  const sums = new Map<string, number>();
  const { rows } = await db.allDocs({ include_docs: true });
  for (const r of rows) {
    const doc = r.doc as unknown as { type?: string; data?: { status: string; warehouse: string; lines: { flower: string; qty: number }[] } };
    if (doc?.type !== invoice.type || doc.data?.status !== 'posted') continue;
    for (const l of doc.data.lines) sums.set(`${l.flower}\u0000${doc.data.warehouse}`, (sums.get(`${l.flower}\u0000${doc.data.warehouse}`) ?? 0) + l.qty);
  }
  return sums;
};

/**
 * Stock balances of `flowers` flowers over `moves` movements (posted invoices of 50 lines in the office database):
 * the server's projection built from sequence 0, then kept current as 1,000 more records arrive one at a time, beside
 * a plain sum over the same documents in the same run.
 */
export const benchStockLedger = async (flowers = 2000, moves = 200_000, arriving = 1000) => {
  const shop = await startTestShop();
  const db = shop.shop.storage.db('office');
  const records = moves / linesPerRecord;
  for (let i = 0; i < records; i += 500) await db.bulkDocs(Array.from({ length: Math.min(500, records - i) }, (_, k) => invoiceDoc(i + k, flowers)));

  // Read once untimed first: a process's first read of a store (cold caches, code not yet optimised) took 5–7 s for
  // either way of reading, every later one about 1 s, and the build, timed first, paid it alone beside a warm plain sum.
  await plainSum(db);
  const hub = changesHub(shop.shop.storage);
  const projection = stockProjection(shop.shop.storage, hub);
  const [built, stop] = await timed(() => projection.start());
  const [summed, plain] = await timed(() => plainSum(db));
  const book = (await projection.current()).book;
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const projected = book.all().reduce((a, b) => a + b.qty, 0);
  if (projected !== total(plain)) throw new Error(`the projection sums ${projected}, the plain sum ${total(plain)}`);
  row(`stock: ${flowers} flowers, ${moves} moves, built from 0`, `${built.toFixed(0)} ms`, 'plain sum over the same documents', `${summed.toFixed(0)} ms`, built / summed);

  // Kept current: each arriving record is read from the changes and counted before the next arrives.
  const perRecord: number[] = [];
  for (let i = 0; i < arriving; i++) {
    await db.put(invoiceDoc(records + i, flowers));
    const [t] = await timed(() => projection.current());
    perRecord.push(t);
  }
  const [again, plainAfter] = await timed(() => plainSum(db));
  const after = (await projection.current()).book.all().reduce((a, b) => a + b.qty, 0);
  if (after !== total(plainAfter)) throw new Error(`after ${arriving} arrivals the projection sums ${after}, the plain sum ${total(plainAfter)}`);
  row(`stock: one arriving record counted (median of ${arriving})`, `${median(perRecord).toFixed(2)} ms`, 'plain sum over every document again', `${again.toFixed(0)} ms`, median(perRecord) / again);
  stop();
  hub.close();
  await shop.close();
};
