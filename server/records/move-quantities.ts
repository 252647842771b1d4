import { flower } from '../../schema/entities/flower';
import { ref, refId } from '../../schema/entities/ref';
import { flowerUnitOf, moveQuantityIssue, type FlowerUnitOf } from '../../schema/move-quantities';
import { officeRecord, type OfficeRecord } from '../../schema/record';
import { movesOfRecord } from '../../schema/record-moves';
import { unitList } from '../../schema/unit';
import { refuse, type BatchPushRule, type PushedDoc } from '../db/push-rule';
import type { TierStore } from './tier-store';

/** A pushed document read as a record, or null (the per-document rule refuses it with its reason). */
const asRecord = ({ _id, _rev, _deleted, ...fields }: PushedDoc): OfficeRecord | null => {
  const parsed = officeRecord.safeParse({ ...fields, id: _id });
  return parsed.success ? parsed.data : null;
};

type Read = (id: string) => Promise<OfficeRecord | null>;

/** The flowers a set of records moves, from the stored flower records. */
const storedFlowers = async (read: Read, records: readonly OfficeRecord[]): Promise<Map<string, FlowerUnitOf>> => {
  const ids = [...new Set(records.flatMap((r) => movesOfRecord(r).map((m) => m.flower)))];
  const flowers = new Map<string, FlowerUnitOf>();
  for (const id of ids) {
    const r = await read(id);
    const unit = r && flowerUnitOf(r);
    if (unit) flowers.set(id, unit);
  }
  return flowers;
};

/** The stored entries of the `unit` list that these unit codes name (by their key ids), plus any given alongside. */
const storedUnits = async (read: Read, codes: Iterable<string>, alongside: readonly OfficeRecord[] = []) => {
  const stored = [];
  for (const code of new Set(codes)) {
    const r = await read(refId('unit', code));
    if (r) stored.push(r);
  }
  return unitList([...stored, ...alongside.filter((r) => r.type === ref.type)]);
};

/** Every unit code the quantities of these records may be judged by: their flowers' and their invoice lines'. */
const unitCodes = (records: readonly OfficeRecord[], flowers: ReadonlyMap<string, FlowerUnitOf>): string[] => [
  ...[...flowers.values()].map((f) => f.unit),
  ...records.flatMap((r) => {
    const lines = (r.data as { lines?: unknown }).lines;
    return Array.isArray(lines) ? lines.flatMap((l: { unit?: unknown }) => (typeof l?.unit === 'string' ? [l.unit] : [])) : [];
  }),
];

/**
 * Wraps the office's rule: a pushed record whose quantities its units do not allow (2.5 roses) is refused with the
 * reason, the rest of the batch goes on. Flowers and units are read once per batch, and a flower or unit pushed in
 * the same batch (made offline just before) counts as known.
 */
export const withMoveQuantities =
  (inner: BatchPushRule): BatchPushRule =>
  async (db, user, docs) => {
    const rule = await inner(db, user, docs);
    const records = docs.flatMap((d) => (d._deleted ? [] : [asRecord(d)].filter((r): r is OfficeRecord => !!r)));
    const counted = records.filter((r) => movesOfRecord(r).length || unitCodes([r], new Map()).length);
    if (!counted.length) return rule;
    const read: Read = async (id) => {
      const doc = await db.get<Record<string, unknown>>(id).catch(() => null);
      return doc ? asRecord(doc as PushedDoc) : null;
    };
    const flowers = await storedFlowers(read, counted);
    for (const r of records) {
      const unit = flowerUnitOf(r);
      if (unit) flowers.set(r.id, unit);
    }
    const units = await storedUnits(read, unitCodes(counted, flowers), records);
    return (who, incoming, existing) => {
      const verdict = rule(who, incoming, existing);
      if (!verdict.ok || incoming._deleted) return verdict;
      const record = asRecord(incoming);
      const issue = record && moveQuantityIssue(record, flowers, units);
      return issue ? refuse(issue) : verdict;
    };
  };

/** The record API's check of the same rule (EntityHooks `check`): the reason a record's quantities are refused, or undefined. */
export const moveQuantityCheck =
  (store: TierStore) =>
  async (record: OfficeRecord): Promise<string | undefined> => {
    const flowers = await storedFlowers((id) => store.get(flower.tier, flower.type, id), [record]);
    const units = await storedUnits((id) => store.get(ref.tier, ref.type, id), unitCodes([record], flowers));
    return moveQuantityIssue(record, flowers, units);
  };
