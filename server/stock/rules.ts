import { flower } from '../../schema/entities/flower';
import { ref, refId } from '../../schema/entities/ref';
import { flowerUnitOf, moveQuantityIssue, type FlowerUnitOf } from '../../schema/studio/stock/move-quantities';
import { recordData, type OfficeRecord } from '../../schema/shared/record';
import { movesOfRecord, stockMovingTypes } from '../../schema/shared/record-moves';
import { BalanceBook } from '../../schema/studio/stock/stock-balance';
import { slip } from '../../schema/entities/slip';
import { transfer } from '../../schema/entities/transfer';
import { warehouse } from '../../schema/entities/warehouse';
import { stockLimitIssue, type StockNames } from '../../schema/studio/stock/stock-limit';
import { unitList, unitOf } from '../../schema/shared/unit';
import type { WriteRule } from '../records/write-pipeline';

/** Every unit code the quantities of these records may be judged by: their flowers' and their invoice lines'. */
const unitCodes = (records: readonly OfficeRecord[], flowers: ReadonlyMap<string, FlowerUnitOf>): string[] => [
  ...[...flowers.values()].map((f) => f.unit),
  ...records.flatMap((r) => {
    const lines = (r.data as { lines?: unknown }).lines;
    return Array.isArray(lines) ? lines.flatMap((l: { unit?: unknown }) => (typeof l?.unit === 'string' ? [l.unit] : [])) : [];
  }),
];

/** Whether a record states quantities: it moves stock or has lines in units (an invoice, a draft's too). */
const counts = (r: OfficeRecord) => movesOfRecord(r).length > 0 || unitCodes([r], new Map()).length > 0;

/**
 * Stock moves only in quantities its flowers' units allow (2.5 roses are refused; `moveQuantityIssue`). Flowers and
 * units are read once a batch, and a flower or unit written in the same batch (made offline just before) counts.
 */
const moveQuantitiesRule: WriteRule = {
  name: 'quantities by unit',
  applies: (entity) => stockMovingTypes.includes(entity.type),
  async judge(batch, records) {
    const counted = records.filter(counts);
    const flowers = new Map<string, FlowerUnitOf>();
    // Every read asked at once: the batch's stored records come in one read (write-pipeline.ts).
    const ids = [...new Set(counted.flatMap((r) => movesOfRecord(r).map((m) => m.flower)))];
    for (const [i, r] of (await Promise.all(ids.map((id) => batch.stored.get(flower, id)))).entries()) {
      const unit = r && flowerUnitOf(r);
      if (unit) flowers.set(ids[i], unit);
    }
    for (const r of batch.records) {
      const unit = flowerUnitOf(r);
      if (unit) flowers.set(r.id, unit);
    }
    const stored = (await Promise.all([...new Set(unitCodes(counted, flowers))].map((code) => batch.stored.get(ref, refId('unit', code))))).filter((r): r is OfficeRecord => !!r);
    const units = unitList([...stored, ...batch.records.filter((r) => r.type === ref.type)]);
    return { issue: (record) => moveQuantityIssue(record, flowers, units) };
  },
};

/** A push whose record was written this long before it arrived was recorded offline (a device online pushes within seconds). */
const offlineAfterMs = 5 * 60_000;

/** The stock projection (server/stock/stock-projection.ts) as the stock limit reads it. */
type Ledger = { book: Pick<BalanceBook, 'balance' | 'countedMoves'> };
export interface Balances {
  /** Caught up with every change stored before the call (or before `mark`, a push's arrival): a read of the changes since. */
  current(mark?: number): Promise<Ledger>;
  /** Records this process stored, counted at once. */
  saw(records: readonly OfficeRecord[]): void;
}

/** `stored`'s balances with the batch's accepted records' moves laid over (each in place of its stored version). */
const withBatch = (stored: Pick<BalanceBook, 'balance' | 'countedMoves'>) => {
  const ours = new BalanceBook();
  const replaced = new Set<string>();
  return {
    balance: (flower: string, warehouse: string) => Math.round((stored.balance(flower, warehouse) + ours.balance(flower, warehouse)) * 1000) / 1000,
    accept(record: OfficeRecord) {
      // The stored version's moves are taken away once, as negative moves of a key of their own.
      if (!replaced.has(record.id)) {
        replaced.add(record.id);
        ours.set(`stored\u0000${record.id}`, stored.countedMoves(record.id).map((m) => ({ ...m, qty: -m.qty })));
      }
      ours.set(record.id, movesOfRecord(record));
    },
  };
};

/**
 * Online, a write-off or transfer may not take more than its warehouse holds (`stockLimitIssue`). One recorded
 * offline (pushed more than five minutes after its device wrote it) is stored anyway: the stems really are gone, and
 * the balance below zero is shown «ушло в минус» until a count mends it. The balances are the stock projection's
 * (where this read the office whole for every batch), caught up before each batch with every change stored before
 * it (one read of the changes since), and this process's own stored records counted at once (`stored`). Each
 * accepted record's moves count for the next. Only the batch's warehouses, flowers and units are read, for the
 * refusal's words. docs/DECISIONS.md «Stock limits», «Office pushes close to the wire».
 */
const stockLimitRule = (balances: Balances): WriteRule => ({
  name: 'no more out than the warehouse holds',
  applies: (entity) => entity.type === slip.type || entity.type === transfer.type,
  async judge(batch, records) {
    const moves = records.flatMap((r) => movesOfRecord(r));
    // Caught up with every change stored before this batch (one read of the changes since), on whichever app server
    // stored them: a write-off judged by this server's cache alone could take stems another server's act just took.
    // Asked first, with the names below, so the batch's reference records wait for the same read (write-pipeline.ts).
    const [ledger, warehouses, flowers, units] = await Promise.all([
      balances.current(batch.mark),
      Promise.all([...new Set(moves.map((m) => m.warehouse))].map((id) => batch.stored.get(warehouse, id))),
      Promise.all([...new Set(moves.map((m) => m.flower))].map((id) => batch.stored.get(flower, id))),
      batch.stored.prefixed(ref, refId('unit', '')),
    ]);
    const known = [...warehouses, ...flowers, ...units].filter((r): r is OfficeRecord => !!r).concat(batch.records);
    const names: StockNames = {
      warehouse: (id) => {
        const r = known.findLast((k) => k.id === id && k.type === warehouse.type);
        return (r && recordData(warehouse, r)?.name) ?? id;
      },
      flower: (id) => {
        const r = known.findLast((k) => k.id === id && k.type === flower.type);
        const f = r && flowerUnitOf(r);
        return { title: f?.title ?? id, unit: unitOf(unitList(known), f?.unit ?? 'pcs').label };
      },
    };
    const online = (record: OfficeRecord) => !(batch.path === 'push' && batch.now - record.updatedAt > offlineAfterMs);
    const book = withBatch(ledger.book);
    return {
      issue(record, before) {
        if (before || !online(record)) return undefined;
        return stockLimitIssue(record, book, names);
      },
      accepted: (record) => book.accept(record),
    };
  },
  async stored(_batch, records) {
    balances.saw(records);
  },
});

export const stockRules = (balances: Balances): readonly WriteRule[] => [moveQuantitiesRule, stockLimitRule(balances)];
