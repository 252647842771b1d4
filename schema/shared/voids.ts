import { entities, type AnyEntity } from '../entities';
import { voidFact } from '../entities/void';
import { isCountCorrection } from '../studio/stock/count-correction';
import { z } from 'zod';
import { officeRecord, recordData, type OfficeRecord } from './record';

/** The facts a manager may void (issue 27, item 6); an invoice and a count once posted or finished (`frozen`). */
export const voidableTypes: readonly string[] = [
  entities.slip.type,
  entities.invoice.type,
  entities.transfer.type,
  entities.stockCount.type,
  entities.charge.type,
  entities.supplierPayment.type,
  entities.shift.type,
];
export const voidableEntities: AnyEntity[] = Object.values(entities).filter((e) => voidableTypes.includes(e.type));

/** Body of `POST /api/{path}/void`: the fact's id and the reason (the void entity's own rule of it). */
export const voidRequest = z.strictObject({ id: officeRecord.shape.id, reason: voidFact.fields.shape.reason });

/** Who voided a fact, when and why: what its screen shows beside it, struck through. */
export interface VoidMark {
  /** The void record's id. */
  id: string;
  by: string;
  at: number;
  reason: string;
}

type Readable = Pick<OfficeRecord, 'id' | 'type' | 'v' | 'data'> & Partial<Pick<OfficeRecord, 'createdBy' | 'createdAt'>>;

/**
 * The voided facts among these records, by the voided record's id: the one rule every reader applies (balances,
 * purchase prices, debts, analytics, the shift's close and takings, on the server and the device alike), so a fact
 * voided counts nowhere, and is still there to be read.
 */
export const voidedIds = (records: Iterable<Readable>): Map<string, VoidMark> => {
  const marks = new Map<string, VoidMark>();
  for (const r of records) {
    if (r.type !== voidFact.type) continue;
    const data = recordData(voidFact, r);
    if (data) marks.set(data.target, { id: r.id, by: r.createdBy ?? '', at: r.createdAt ?? 0, reason: data.reason });
  }
  return marks;
};

/** The records not voided. */
export const unvoided = <R extends { id: string }>(records: Iterable<R>, voided: ReadonlyMap<string, unknown>): R[] => [...records].filter((r) => !voided.has(r.id));

/** Why this stored record cannot be voided, or undefined: only facts (a posted invoice, a finished count) are. */
export const voidTargetIssue = (entity: AnyEntity, record: Pick<OfficeRecord, 'id' | 'v' | 'data'>): string | undefined => {
  if (!voidableTypes.includes(entity.type)) return `«${entity.labels.many}» не сторнируют: сторнируют только записи-факты (списания, накладные, расходы, закрытия смен…)`;
  if (entity.write !== 'fact') {
    const frozen = entity.frozen as ((d: unknown) => string | undefined) | undefined;
    const data = recordData(entity, record);
    if (!frozen || !data || !frozen(data)) return `${entity.labels.one}: черновик не сторнируют — его исправляют или удаляют`;
  }
  if (entity.type === entities.slip.type && record.id.startsWith('asm-')) return 'Акт сборки заказа не сторнируют: его списание следует за заказом';
  if (entity.type === entities.stockCount.type && isCountCorrection(record.id)) return 'Поправку учёта к пересчёту отдельно не сторнируют: сторнируют сам пересчёт, и она уходит вместе с ним';
  return undefined;
};

/**
 * A day's closes of the shift (schema/entities/shift.ts) read with the voids: the one not voided, if any, and the
 * round the day's next close takes (one past every close of the day, voided or not, so its id is new).
 */
export const dayCloses = <R extends Pick<OfficeRecord, 'id' | 'v' | 'data'>>(day: string, closes: Iterable<R>, voided: ReadonlyMap<string, unknown>): { live: R | undefined; next: number } => {
  let live: R | undefined;
  let next = 1;
  for (const r of closes) {
    const data = recordData(entities.shift, r);
    if (!data || data.day !== day) continue;
    next = Math.max(next, data.round + 1);
    if (!voided.has(r.id)) live = r;
  }
  return { live, next };
};
