import { creditPhoneIssue, type PhoneHolder } from '../../schema/studio/clients/credit-phones';
import { charge } from '../../schema/entities/charge';
import { contractor } from '../../schema/entities/contractor';
import { shift, type ShiftClose } from '../../schema/entities/shift';
import { recordData, type OfficeRecord } from '../../schema/shared/record';
import type { Storage } from '../db/storage';
import type { WriteRule } from '../records/write-pipeline';
import { voidFact } from '../../schema/entities/void';
import { unvoided, voidedIds } from '../../schema/shared/voids';
import { recordExpectation, tillCharges } from './shift-books';

/** A contractor as the phone rule reads it (an older version lifted first), or null. */
const holderOf = (record: Pick<OfficeRecord, 'id' | 'v' | 'data'>): PhoneHolder | null => {
  const data = recordData(contractor, record);
  return data ? { id: record.id, name: data.name, credit: data.credit, phones: data.phones } : null;
};

/**
 * A phone on credit belongs to one client (schema/studio/clients/credit-phones.ts): a contractor on credit may take none of another
 * credit contractor's phones. The stored contractors are read once a batch and each accepted one counts for the next,
 * so two made offline with one phone are not both stored. A read check, not a claim: docs/DECISIONS.md «A corporate
 * client's phones».
 */
const creditPhonesRule: WriteRule = {
  name: 'one phone on one client on credit',
  applies: (entity) => entity.type === contractor.type,
  async judge(batch) {
    const held = new Map<string, PhoneHolder>();
    for (const r of await batch.stored.all(contractor)) {
      const h = holderOf(r);
      if (h) held.set(r.id, h);
    }
    return {
      issue(record) {
        const holder = holderOf(record);
        return holder?.credit ? creditPhoneIssue(holder, held.values(), held.get(record.id)) : undefined;
      },
      accepted(record) {
        const holder = holderOf(record);
        if (holder) held.set(record.id, holder);
      },
    };
  },
};

/**
 * Not a refusal: once a day's close is stored, on either path, the server computes what it expected of that day's
 * till from its own orders and the day's charges (voided ones left out; those pushed with the close are stored by
 * then) and stores it beside the close (server/money/shift-books.ts), since the pushed close itself is stored as
 * sent. A refused close is followed by nothing. docs/DECISIONS.md «Money comes from the server».
 */
const shiftBooksRule = (storage: Storage): WriteRule => ({
  name: 'the server’s own expectation of a closed day',
  applies: (entity) => entity.type === shift.type,
  judge: () => Promise.resolve({ issue: () => undefined }),
  async stored(batch, records) {
    const closes = records.flatMap((r) => [recordData(shift, r)].filter((s): s is ShiftClose => !!s));
    if (!closes.length) return;
    const voided = voidedIds(await batch.stored.all(voidFact));
    const charges = tillCharges(unvoided(await batch.stored.all(charge), voided));
    for (const s of closes) await recordExpectation(storage, s.day, s.opening, charges, batch.now);
  },
});

export const moneyRules = (storage: Storage): readonly WriteRule[] => [creditPhonesRule, shiftBooksRule(storage)];
