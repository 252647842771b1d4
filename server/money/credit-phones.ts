import { creditPhoneIssue, type PhoneHolder } from '../../schema/credit-phones';
import { contractor } from '../../schema/entities/contractor';
import { officeRecord, recordData, type OfficeRecord } from '../../schema/record';
import { refuse, type BatchPushRule, type PushedDoc } from '../db/push-rule';
import { officeRecords } from '../tech-cards/recipe-book';
import type { TierStore } from '../records/tier-store';

/** A stored or pushed contractor as the phone rule reads it (an older version lifted first), or null. */
const holderOf = (record: Pick<OfficeRecord, 'id' | 'v' | 'data'>): PhoneHolder | null => {
  const data = recordData(contractor, record);
  return data ? { id: record.id, name: data.name, credit: data.credit, phones: data.phones } : null;
};

/** The contractors among stored records, by record id. */
const holders = (records: readonly OfficeRecord[]): Map<string, PhoneHolder> => {
  const byId = new Map<string, PhoneHolder>();
  for (const r of records) {
    const h = r.type === contractor.type ? holderOf(r) : null;
    if (h) byId.set(r.id, h);
  }
  return byId;
};

/** A pushed document as a record (the batch rule has already checked its envelope), or null. */
const pushedRecord = ({ _id, _rev, _deleted, ...fields }: PushedDoc): OfficeRecord | null => {
  const parsed = officeRecord.safeParse({ ...fields, id: _id });
  return parsed.success ? parsed.data : null;
};

/**
 * The record API's check of a contractor before it is stored (`check` of server/records/record-service.ts): on
 * credit, none of its phones may be on another contractor on credit (schema/credit-phones.ts), read from the store
 * at each save. A read check, not a claim: docs/DECISIONS.md «A corporate client's phones».
 */
export const creditPhonesCheck = (store: TierStore) => async (record: OfficeRecord): Promise<string | undefined> => {
  const holder = holderOf(record);
  if (!holder?.credit) return undefined;
  const stored = holders(await store.all(contractor.tier, contractor.type));
  return creditPhoneIssue(holder, stored.values(), stored.get(record.id));
};

/**
 * The same check for contractors pushed to /db/office: around the office's batch rule, the stored contractors read once
 * per batch that holds one; each contractor accepted counts for the next in the batch, so two made offline with one
 * phone are not both stored. A refused one comes back to its device as a conflict with the reason.
 */
export const withCreditPhones =
  (rule: BatchPushRule): BatchPushRule =>
  async (db, user, docs) => {
    const perDocument = await rule(db, user, docs);
    if (!docs.some((d) => d.type === contractor.type)) return perDocument;
    const stored = holders(await officeRecords(db));
    return (u, doc: PushedDoc, existing) => {
      const verdict = perDocument(u, doc, existing);
      if (!verdict.ok || doc.type !== contractor.type) return verdict;
      if (doc._deleted) {
        stored.delete(doc._id);
        return verdict;
      }
      const record = pushedRecord(doc);
      const holder = record && holderOf(record);
      if (!holder) return verdict;
      const issue = creditPhoneIssue(holder, stored.values(), stored.get(doc._id));
      if (issue) return refuse(issue);
      stored.set(doc._id, holder);
      return verdict;
    };
  };
