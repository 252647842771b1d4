import { flower } from '../../entities/flower';
import { invoice } from '../../entities/invoice';
import type { RefEntry } from '../../entities/ref';
import { recordData, type OfficeRecord } from '../../shared/record';
import { movesOfRecord } from '../../shared/record-moves';
import { qtyIssue, unitOf } from '../../shared/unit';

/** What a quantity check knows of a flower: its unit (a code of the `unit` list) and what to call it. */
export interface FlowerUnitOf {
  unit: string;
  title: string;
}

/** A stored or pushed flower record as the quantity check reads it; null when it is not a valid flower. */
export const flowerUnitOf = (record: Pick<OfficeRecord, 'type' | 'v' | 'data' | 'title'>): FlowerUnitOf | null => {
  const data = record.type === flower.type ? recordData(flower, record) : null;
  return data ? { unit: data.unit, title: flower.title(data) } : null;
};

/** One quantity and how its refusal names where it is: an invoice's line by its number (as the entity's own refusals do), a movement by its flower. */
type Quantity = { qty: number; unit: string | undefined; refusal: (issue: string) => string };

/**
 * Every quantity a record states, with the unit code it is counted in when known: an invoice's lines (a draft's too)
 * in the unit each line was entered with, and its stock movements in their flowers' units.
 */
const quantitiesOf = (record: Pick<OfficeRecord, 'type' | 'v' | 'data'>, flowers: ReadonlyMap<string, FlowerUnitOf>): Quantity[] => {
  const lines = record.type === invoice.type ? (recordData(invoice, record)?.lines ?? []) : [];
  return [
    ...lines.map((l, i) => ({ qty: l.qty, unit: l.unit, refusal: (issue: string) => `${invoice.labels.one}: ${invoice.labels.fields.lines}, строка ${i + 1} — ${issue}` })),
    ...movesOfRecord(record).map((m) => {
      const f = flowers.get(m.flower);
      return { qty: m.qty, unit: f?.unit, refusal: (issue: string) => `«${f?.title ?? m.flower}»: ${issue.charAt(0).toLowerCase()}${issue.slice(1)}` };
    }),
  ];
};

/**
 * Why a record's quantities do not suit their units (2.5 roses, a pack and a half), or undefined: the same rule
 * (`qtyIssue`, by the studio's `unit` list) for an invoice's lines, a write-off, a transfer and a count's corrections,
 * on the device and the server. A movement of a flower the caller does not know is not judged here (its movements
 * count under its id all the same).
 */
export const moveQuantityIssue = (
  record: Pick<OfficeRecord, 'type' | 'v' | 'data'>,
  flowers: ReadonlyMap<string, FlowerUnitOf>,
  units: readonly RefEntry[],
): string | undefined => {
  for (const q of quantitiesOf(record, flowers)) {
    const issue = q.unit !== undefined && qtyIssue(unitOf(units, q.unit), Math.abs(q.qty));
    if (issue) return q.refusal(issue);
  }
  return undefined;
};
