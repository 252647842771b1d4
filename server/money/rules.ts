import { creditPhoneIssue, type PhoneHolder } from '../../schema/credit-phones';
import { contractor } from '../../schema/entities/contractor';
import { recordData, type OfficeRecord } from '../../schema/record';
import type { WriteRule } from '../records/write-pipeline';

/** A contractor as the phone rule reads it (an older version lifted first), or null. */
const holderOf = (record: Pick<OfficeRecord, 'id' | 'v' | 'data'>): PhoneHolder | null => {
  const data = recordData(contractor, record);
  return data ? { id: record.id, name: data.name, credit: data.credit, phones: data.phones } : null;
};

/**
 * A phone on credit belongs to one client (schema/credit-phones.ts): a contractor on credit may take none of another
 * credit contractor's phones. The stored contractors are read once a batch and each accepted one counts for the next,
 * so two made offline with one phone are not both stored. A read check, not a claim: docs/DECISIONS.md «A corporate
 * client's phones».
 */
export const creditPhonesRule: WriteRule = {
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

export const moneyRules: readonly WriteRule[] = [creditPhonesRule];
