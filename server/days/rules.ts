import type { AnyEntity } from '../../schema/entities';
import { shift } from '../../schema/entities/shift';
import { factDayIssue, shiftDayIssue, writtenAt } from '../../schema/shared/fact-day';
import type { OfficeRecord } from '../../schema/shared/record';
import { frozenReason } from '../records/record-service';
import { levelOf, reaches } from '../../schema/shared/user';
import type { WriteRule } from '../records/write-pipeline';

/** A refusal in a record's words: «Акт списания: дата …». */
const worded = (label: string, issue: string | undefined): string | undefined => issue && `${label}: ${issue.charAt(0).toLowerCase()}${issue.slice(1)}`;

/**
 * Why a shift may not be closed for `day` at `at`, in the words every close is refused with: the full close (a `shift`
 * fact, below) and the quick close (a calendar event, server/db/events-rule.ts) alike.
 */
export const shiftCloseDayIssue = (day: string, at: number): string | undefined => worded(shift.labels.one, shiftDayIssue(day, at));

/** Whether a record of a dated entity is a fact: one of a fact entity, or a draft that has become one (a posted invoice, a finished count). */
const isDatedFact = (entity: AnyEntity, record: OfficeRecord): boolean => entity.write === 'fact' || !!frozenReason(entity, record);

/**
 * A fact is dated within a window the studio can live with (schema/shared/fact-day.ts): never a day not yet come, not older
 * than 31 days unless a manager writes it, and a shift closes only today or, until 06:00, yesterday. Judged when a
 * record becomes a fact, at the time its device wrote it (`writtenAt`): an offline write arriving later is judged as
 * made. docs/DECISIONS.md «Days are plausible».
 */
const factDayRule: WriteRule = {
  name: 'days are plausible',
  applies: (entity) => !!entity.day && (entity.write === 'fact' || !!entity.frozen),
  async judge(batch) {
    const manager = reaches(levelOf(batch.user), 'manager');
    return {
      issue(record, before) {
        const entity = batch.entityOf(record.type);
        if (!entity || !record.day || !isDatedFact(entity, record)) return undefined;
        // A fact already stored is not judged again (a retried push of the same document).
        if (before && isDatedFact(entity, before)) return undefined;
        const at = batch.path === 'api' ? batch.now : writtenAt(record.updatedAt, batch.now);
        return entity.type === shift.type ? shiftCloseDayIssue(record.day, at) : worded(entity.labels.one, factDayIssue(record.day, at, manager));
      },
    };
  },
};

export const dayRules: readonly WriteRule[] = [factDayRule];
