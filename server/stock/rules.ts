import { flower } from '../../schema/entities/flower';
import { ref, refId } from '../../schema/entities/ref';
import { flowerUnitOf, moveQuantityIssue, type FlowerUnitOf } from '../../schema/studio/stock/move-quantities';
import { recordData, type OfficeRecord } from '../../schema/shared/record';
import { balanceBookOf, balanceTypes, movesOfRecord, stockMovingTypes } from '../../schema/shared/record-moves';
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
    for (const id of new Set(counted.flatMap((r) => movesOfRecord(r).map((m) => m.flower)))) {
      const r = await batch.stored.get(flower, id);
      const unit = r && flowerUnitOf(r);
      if (unit) flowers.set(id, unit);
    }
    for (const r of batch.records) {
      const unit = flowerUnitOf(r);
      if (unit) flowers.set(r.id, unit);
    }
    const stored: OfficeRecord[] = [];
    for (const code of new Set(unitCodes(counted, flowers))) {
      const r = await batch.stored.get(ref, refId('unit', code));
      if (r) stored.push(r);
    }
    const units = unitList([...stored, ...batch.records.filter((r) => r.type === ref.type)]);
    return { issue: (record) => moveQuantityIssue(record, flowers, units) };
  },
};

/** A push whose record was written this long before it arrived was recorded offline (a device online pushes within seconds). */
const offlineAfterMs = 5 * 60_000;

/**
 * Online, a write-off or transfer may not take more than its warehouse holds (`stockLimitIssue`). One recorded
 * offline (pushed more than five minutes after its device wrote it) is stored anyway: the stems really are gone, and
 * the balance below zero is shown «ушло в минус» until a count mends it. Balances are read once a batch, and each
 * accepted record's moves count for the next. docs/DECISIONS.md «Stock limits».
 */
const stockLimitRule: WriteRule = {
  name: 'no more out than the warehouse holds',
  applies: (entity) => entity.type === slip.type || entity.type === transfer.type,
  async judge(batch) {
    const office = await batch.stored.tier('office');
    const book = balanceBookOf(office.filter((r) => balanceTypes.includes(r.type)));
    const known = [...office, ...batch.records];
    const names: StockNames = {
      warehouse: (id) => {
        const r = known.find((k) => k.id === id && k.type === warehouse.type);
        return (r && recordData(warehouse, r)?.name) ?? id;
      },
      flower: (id) => {
        const r = known.find((k) => k.id === id && k.type === flower.type);
        const f = r && flowerUnitOf(r);
        return { title: f?.title ?? id, unit: unitOf(unitList(known), f?.unit ?? 'pcs').label };
      },
    };
    return {
      issue(record, before) {
        if (before) return undefined;
        const offline = batch.path === 'push' && batch.now - record.updatedAt > offlineAfterMs;
        return offline ? undefined : stockLimitIssue(record, book, names);
      },
      accepted: (record) => book.set(record.id, movesOfRecord(record)),
    };
  },
};

export const stockRules: readonly WriteRule[] = [moveQuantitiesRule, stockLimitRule];
