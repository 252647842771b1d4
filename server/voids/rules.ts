import { dayClosedTwice, shift } from '../../schema/entities/shift';
import { voidedTwice, voidFact, voidIdOf } from '../../schema/entities/void';
import { recordData, type OfficeRecord } from '../../schema/shared/record';
import { dayCloses, voidableTypes, voidedIds, voidTargetIssue } from '../../schema/shared/voids';
import type { WriteRule } from '../records/write-pipeline';

/**
 * A void names a fact that is there (stored, or accepted earlier in the same push: a write-off made and voided
 * offline), of the kind it says, that may be voided (schema/shared/voids.ts `voidTargetIssue`), and not voided yet. Who may
 * void is the void entity's access (a manager); that a fact is voided once is also its id (`void-{target}`), so two
 * app servers cannot both store one.
 */
const voidRule: WriteRule = {
  name: 'a void reverses a fact, once',
  applies: (entity) => entity.type === voidFact.type || voidableTypes.includes(entity.type),
  async judge(batch, records) {
    const targets = new Map<string, OfficeRecord | null>();
    const voidsStored = new Set<string>();
    for (const r of records) {
      const data = r.type === voidFact.type ? recordData(voidFact, r) : null;
      const entity = data && batch.entityOf(data.targetType);
      if (!data || !entity || !voidableTypes.includes(entity.type)) continue;
      targets.set(data.target, await batch.stored.get(entity, data.target));
      if (await batch.stored.get(voidFact, voidIdOf(data.target))) voidsStored.add(data.target);
    }
    const made = new Map<string, OfficeRecord>();
    return {
      issue(record, before) {
        const data = record.type === voidFact.type ? recordData(voidFact, record) : null;
        if (!data || before) return undefined;
        const entity = batch.entityOf(data.targetType);
        if (!entity) return `Сторно: нет такого вида записей «${data.targetType}»`;
        if (!voidableTypes.includes(entity.type)) return voidTargetIssue(entity, { id: data.target, v: 1, data: {} });
        const target = made.get(data.target) ?? targets.get(data.target);
        if (!target || target.type !== entity.type) return `${entity.labels.one}: записи «${data.target}» нет — сторнировать нечего`;
        if (voidsStored.has(data.target)) return voidedTwice;
        return voidTargetIssue(entity, target);
      },
      accepted(record) {
        made.set(record.id, record);
      },
    };
  },
};

/**
 * One close of the shift a day that is not voided: a day's close voided by a manager frees the day for the next
 * (`shift-{day}-2`); any other is refused in the key's own words. Voids earlier in the same push count.
 */
const oneCloseADayRule: WriteRule = {
  name: 'one close of the shift a day, not voided',
  applies: (entity) => entity.type === shift.type || entity.type === voidFact.type,
  async judge(batch, records) {
    if (!records.some((r) => r.type === shift.type)) return { issue: () => undefined };
    const closes = await batch.stored.all(shift);
    const voided = voidedIds(await batch.stored.all(voidFact));
    return {
      issue(record) {
        const data = record.type === shift.type ? recordData(shift, record) : null;
        if (!data) return undefined;
        // The same id stored already is the key's refusal (409 on the API, a conflict on a push), in the same words.
        const { live } = dayCloses(data.day, closes.filter((c) => c.id !== record.id), voided);
        return live ? dayClosedTwice : undefined;
      },
      accepted(record) {
        if (record.type === shift.type) closes.push(record);
        for (const [target, mark] of voidedIds([record])) voided.set(target, mark);
      },
    };
  },
};

export const voidRules: readonly WriteRule[] = [voidRule, oneCloseADayRule];
