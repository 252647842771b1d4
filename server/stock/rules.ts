import { flower } from '../../schema/entities/flower';
import { ref, refId } from '../../schema/entities/ref';
import { flowerUnitOf, moveQuantityIssue, type FlowerUnitOf } from '../../schema/move-quantities';
import type { OfficeRecord } from '../../schema/record';
import { movesOfRecord, stockMovingTypes } from '../../schema/record-moves';
import { unitList } from '../../schema/unit';
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
export const moveQuantitiesRule: WriteRule = {
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

export const stockRules: readonly WriteRule[] = [moveQuantitiesRule];
