import { flower } from '../../schema/entities/flower';
import { flowerUnitOf, moveQuantityIssue, type FlowerUnitOf } from '../../schema/move-quantities';
import { officeRecord, type OfficeRecord } from '../../schema/record';
import { movesOfRecord } from '../../schema/record-moves';
import { refuse, type BatchPushRule, type PushedDoc } from '../db/push-rule';
import type { TierStore } from './tier-store';

/** A pushed document read as a record, or null (the per-document rule refuses it with its reason). */
const asRecord = ({ _id, _rev, _deleted, ...fields }: PushedDoc): OfficeRecord | null => {
  const parsed = officeRecord.safeParse({ ...fields, id: _id });
  return parsed.success ? parsed.data : null;
};

/** The flowers a set of records moves, from the stored flower records. */
const storedUnits = async (read: (id: string) => Promise<OfficeRecord | null>, records: readonly OfficeRecord[]): Promise<Map<string, FlowerUnitOf>> => {
  const ids = [...new Set(records.flatMap((r) => movesOfRecord(r).map((m) => m.flower)))];
  const units = new Map<string, FlowerUnitOf>();
  for (const id of ids) {
    const r = await read(id);
    const unit = r && flowerUnitOf(r);
    if (unit) units.set(id, unit);
  }
  return units;
};

/**
 * Wraps the office's rule: a pushed record that moves stock in quantities its flowers' units do not allow (2.5 roses)
 * is refused with the reason, the rest of the batch goes on. Flowers are read once per batch, and a flower pushed in
 * the same batch (made offline just before) counts as known.
 */
export const withMoveQuantities =
  (inner: BatchPushRule): BatchPushRule =>
  async (db, user, docs) => {
    const rule = await inner(db, user, docs);
    const records = docs.flatMap((d) => (d._deleted ? [] : [asRecord(d)].filter((r): r is OfficeRecord => !!r)));
    const moving = records.filter((r) => movesOfRecord(r).length);
    if (!moving.length) return rule;
    const units = await storedUnits(async (id) => {
      const doc = await db.get<Record<string, unknown>>(id).catch(() => null);
      return doc ? asRecord(doc as PushedDoc) : null;
    }, moving);
    for (const r of records) {
      const unit = flowerUnitOf(r);
      if (unit) units.set(r.id, unit);
    }
    return (who, incoming, existing) => {
      const verdict = rule(who, incoming, existing);
      if (!verdict.ok || incoming._deleted) return verdict;
      const record = asRecord(incoming);
      const issue = record && moveQuantityIssue(record, units);
      return issue ? refuse(issue) : verdict;
    };
  };

/** The record API's check of the same rule (EntityHooks `check`): the reason a record's quantities are refused, or undefined. */
export const moveQuantityCheck = (store: TierStore) => async (record: OfficeRecord): Promise<string | undefined> =>
  moveQuantityIssue(record, await storedUnits((id) => store.get(flower.tier, flower.type, id), [record]));
