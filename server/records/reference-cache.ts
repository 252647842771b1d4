import { entities, type AnyEntity } from '../../schema/entities';
import { ref } from '../../schema/entities/ref';
import type { OfficeRecord } from '../../schema/shared/record';
import { referencePlaces } from '../../schema/shared/reference';

/**
 * The office records other records name (a write-off's flowers and warehouse, a reference list's entries: every entity
 * a `reference` field points to, and `ref`), the kinds a per-process copy keeps.
 */
export const referencedTypes = (registry: readonly AnyEntity[] = Object.values(entities)): ReadonlySet<string> => {
  const targets = registry.flatMap((e) => referencePlaces(e.fields).map((p) => p.entity));
  return new Set([...targets, ref.type].filter((type) => registry.find((e) => e.type === type)?.tier === 'office'));
};

/**
 * This process's copy of the office's reference records (`referencedTypes`), fed by the office changes the stock
 * projection follows (server/stock/stock-projection.ts: every change from sequence 0, the winning revision, deletions),
 * so it is as current as the projection's last catch-up. A cache, never state: the write pipeline reads it only after
 * catching up with every change stored before the batch (`OfficeMirror.current`), and an id it does not hold is read
 * from the store (write-pipeline.ts `storedRecords`). docs/DECISIONS.md «Office pushes close to the wire».
 */
export class ReferenceCache {
  private readonly records = new Map<string, OfficeRecord>();
  constructor(readonly types: ReadonlySet<string> = referencedTypes()) {}

  /** One office document as the feed gives it, parsed (null: a deletion or no record): kept, replaced or dropped. */
  take(id: string, record: OfficeRecord | null): void {
    if (record && this.types.has(record.type)) this.records.set(id, record);
    else this.records.delete(id);
  }

  /** The record of a kept kind stored under `id`, or undefined when this copy holds none (read the store then). */
  get(id: string): OfficeRecord | undefined {
    return this.records.get(id);
  }

  /** Every kept record of one type. */
  ofType(type: string): OfficeRecord[] {
    return [...this.records.values()].filter((r) => r.type === type);
  }

  /** Every kept record whose id starts with `prefix` (one reference list's entries). */
  prefixed(prefix: string): OfficeRecord[] {
    return [...this.records.values()].filter((r) => r.id.startsWith(prefix));
  }
}

/**
 * A reference cache caught up with every office change stored before the call (one read of the changes since), or
 * before `mark` was taken (a push's arrival: stock-projection.ts `mark`).
 */
export interface OfficeMirror {
  current(mark?: number): Promise<ReferenceCache>;
}
