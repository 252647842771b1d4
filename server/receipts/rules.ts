import { shift } from '../../schema/entities/shift';
import { writtenAt } from '../../schema/shared/fact-day';
import { receiptsLimit } from '../../schema/studio/receipts/receipt';
import type { Storage } from '../db/storage';
import type { WriteRule } from '../records/write-pipeline';
import { unregisteredOf } from './receipts';

/**
 * A full shift close (a `shift` fact) is refused while a receipt has been unregistered for the legal 30 days
 * (schema/studio/receipts/receipt.ts `receiptsLimit`), on the record API and a device's push alike; the quick close
 * (a calendar event) by the same rule in server/db/events-rule.ts. Judged when the close is new, at the time its
 * device wrote it (an offline close is judged by when it was made); a close already stored is not judged again.
 */
export const receiptsLimitRule = (storage: Storage): WriteRule => ({
  name: 'no shift closes past the receipts’ legal limit',
  applies: (entity) => entity.type === shift.type,
  async judge(batch) {
    const summary = await unregisteredOf(storage);
    return {
      issue(record, before) {
        if (before) return undefined;
        return receiptsLimit(summary, batch.path === 'api' ? batch.now : writtenAt(record.updatedAt, batch.now)).block;
      },
    };
  },
});
