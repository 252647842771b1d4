import { flower, qtyIssue, type FlowerUnit } from './entities/flower';
import { recordData, type OfficeRecord } from './record';
import { movesOfRecord } from './record-moves';

/** What a quantity check knows of a flower: its unit and what to call it. */
export interface FlowerUnitOf {
  unit: FlowerUnit;
  title: string;
}

/** A stored or pushed flower record as the quantity check reads it; null when it is not a valid flower. */
export const flowerUnitOf = (record: Pick<OfficeRecord, 'type' | 'v' | 'data' | 'title'>): FlowerUnitOf | null => {
  const data = record.type === flower.type ? recordData(flower, record) : null;
  return data ? { unit: data.unit, title: flower.title(data) } : null;
};

/**
 * Why a record's stock movements do not suit their flowers' units (2.5 roses, a pack and a half), or undefined: the
 * same rule (`qtyIssue`) for a write-off, a transfer, a count's corrections and a posted invoice, on the device and
 * the server. A flower the caller does not know is not judged here (its movements count under its id all the same).
 */
export const moveQuantityIssue = (record: Pick<OfficeRecord, 'type' | 'v' | 'data'>, flowers: ReadonlyMap<string, FlowerUnitOf>): string | undefined => {
  for (const m of movesOfRecord(record)) {
    const f = flowers.get(m.flower);
    const issue = f && qtyIssue(f.unit, Math.abs(m.qty));
    if (issue) return `«${f.title}»: ${issue.charAt(0).toLowerCase()}${issue.slice(1)}`;
  }
  return undefined;
};
