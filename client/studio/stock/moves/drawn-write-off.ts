import { flower } from '../../../../schema/entities/flower';
import { refEntries } from '../../../../schema/entities/ref';
import { warehouse } from '../../../../schema/entities/warehouse';
import { currentRecord } from '../../../../schema/shared/record';
import { unitOf } from '../../../../schema/shared/unit';
import { writeOffSnapshotElementId } from '../../../../schema/studio/orders/staff-snapshot-ids';
import type { WriteOffUses } from '../../../../schema/studio/stock/write-off-choices';
import { writeOffSnapshot } from '../../../../schema/studio/stock/write-off-snapshot';
import { BalanceBook } from '../../../../schema/studio/stock/stock-balance';
import type { Held } from '../../../data/office-of';
import type { StockReading } from './use-stock';

/** The write-off form's first look, from the page: what the stock screens read, the reasons and how often each flower went. */
export interface DrawnWriteOff {
  stock: StockReading;
  reasons: ReturnType<typeof refEntries>;
  uses: ReadonlyMap<string, WriteOffUses>;
}

const names = new Intl.Collator('ru');

const parse = (): DrawnWriteOff | null => {
  const text = typeof document === 'undefined' ? null : document.getElementById(writeOffSnapshotElementId)?.textContent;
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = writeOffSnapshot.safeParse(json);
  if (!parsed.success) return null;
  const { records, stock, uses } = parsed.data;
  // Read as the device reads its office records (client/data/stock-records.ts): the entity's current version, by title.
  const held = <E extends typeof flower | typeof warehouse>(entity: E) =>
    records.filter((r) => r.type === entity.type).flatMap((r) => {
      const { record, data } = currentRecord(entity, r);
      return data ? [{ record, data } satisfies Held<E>] : [];
    });
  const flowers = held(flower).toSorted((a, b) => names.compare(flower.title(a.data), flower.title(b.data)));
  const warehouses = held(warehouse).toSorted((a, b) => names.compare(a.data.name, b.data.name));
  const book = new BalanceBook();
  for (const b of stock.balances) book.set(`${b.flower}\u0000${b.warehouse}`, [b]);
  const units = refEntries(records, 'unit');
  return {
    stock: {
      flowers,
      flowerById: new Map(flowers.map((f) => [f.record.id, f])),
      warehouses,
      warehouseName: (id: string) => warehouses.find((w) => w.record.id === id)?.data.name ?? id,
      invoices: [],
      voided: new Map(),
      prices: new Map(stock.prices.map(({ flower: id, ...p }) => [id, p])),
      history: new Map(),
      book,
      unit: (code: string | undefined) => unitOf(units, code ?? 'pcs'),
      loading: false,
    },
    reasons: refEntries(records, 'write-off-reason'),
    uses: new Map(uses.map(({ flower: id, ...u }) => [id, u])),
  };
};

let read: DrawnWriteOff | null | undefined;

/**
 * The write-off form's choices the server wrote into this page (server/render/write-off-snapshot.ts), or `null`: the
 * form shows them until the device's store is open and holds the studio's office records (issue 32, item 1).
 */
export const drawnWriteOff = (): DrawnWriteOff | null => (read === undefined ? (read = parse()) : read);
