import { flower } from '../../../../schema/entities/flower';
import { refEntries } from '../../../../schema/entities/ref';
import { warehouse } from '../../../../schema/entities/warehouse';
import { currentRecord } from '../../../../schema/shared/record';
import { unitOf } from '../../../../schema/shared/unit';
import { writeOffSnapshotElementId } from '../../../../schema/studio/orders/staff-snapshot-ids';
import type { WriteOffUses } from '../../../../schema/studio/stock/write-off-choices';
import { writeOffSnapshot, type WriteOffSnapshot } from '../../../../schema/studio/stock/write-off-snapshot';
import { drawnSnapshot } from '../../../lib/drawn-snapshot';
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

const page = drawnSnapshot(writeOffSnapshotElementId, writeOffSnapshot);

/** The server's renderer gives the form its snapshot (client/entry-server.tsx); `undefined` forgets it after that page. */
export const drawWriteOffWith = page.drawWith;

const readAs = ({ records, stock, uses }: WriteOffSnapshot): DrawnWriteOff => {
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

/** The last snapshot read and its reading: the form reads it on each render, the same object each time. */
let read: { from: WriteOffSnapshot; as: DrawnWriteOff } | undefined;

/**
 * The write-off form's choices the server wrote into this page (server/render/write-off-snapshot.ts), or `null`: the
 * server draws the form from them and the form shows them until the device's store is open and holds the studio's
 * office records (issue 32, item 1).
 */
export const drawnWriteOff = (): DrawnWriteOff | null => {
  const snapshot = page.read();
  if (!snapshot) return null;
  if (read?.from !== snapshot) read = { from: snapshot, as: readAs(snapshot) };
  return read.as;
};
