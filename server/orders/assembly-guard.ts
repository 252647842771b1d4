import { slip, staffSlipIssue } from '../../schema/entities/slip';
import type { OfficeRecord } from '../../schema/record';
import { refuse, type BatchPushRule } from '../db/push-rule';

/** The record API's check of a write-off act staff create (`check` of server/records/record-service.ts): `staffSlipIssue`. */
export const assemblyGuardCheck = async (record: OfficeRecord): Promise<string | undefined> => staffSlipIssue(record.id, record.data);

/**
 * The same for acts pushed to /db/office: a new act under an assembly's id (`asm-{order}`) or naming an order is
 * refused as a conflict with the reason, so the server's assembly (server/orders/assembly.ts) is never forestalled.
 * A stored act is a fact: the rule inside already refuses any change of it.
 */
export const withAssemblyGuard =
  (rule: BatchPushRule): BatchPushRule =>
  async (db, user, docs) => {
    const perDocument = await rule(db, user, docs);
    return (u, doc, existing) => {
      const verdict = perDocument(u, doc, existing);
      if (!verdict.ok || doc._deleted || existing || doc.type !== slip.type) return verdict;
      const data = doc.data;
      const issue = staffSlipIssue(doc._id, typeof data === 'object' && data !== null ? data : {});
      return issue ? refuse(`${slip.labels.one}: ${issue}`) : verdict;
    };
  };
