import { useEffect, useState } from 'react';
import type { RxCollection, RxDocument } from 'rxdb';
import type { z } from 'zod';
import type { AnyEntity } from '../../schema/entities';
import { currentRecord, type OfficeRecord } from '../../schema/shared/record';

/** One office record and its data as the entity's current version reads them (schema/shared/record.ts `currentRecord`). */
export interface Held<E extends AnyEntity> {
  record: OfficeRecord;
  data: z.infer<E['fields']>;
}

/** Every record of one entity on this device; `loading` until the device has answered for this entity. */
interface OfficeOf<E extends AnyEntity> {
  /** The records that parse, each with its data read once. */
  items: Held<E>[];
  /**
   * Every record of the type, as the entity's current version reads it (upgraded) and as stored when it cannot read it:
   * what a list page is cut from, as on the server.
   */
  records: OfficeRecord[];
  loading: boolean;
}

const waiting: OfficeOf<never> = { items: [], records: [], loading: true };

/**
 * The device's one reader of office records: every record of one office-tier entity, live (offline too, with what is
 * not sent yet, and what replication brings), each parsed once; a record that does not parse is left out of `items`.
 * The stock screens read whole lists (flowers, warehouses, acts) from it, the generic list screens cut their page from
 * `records`. Off (`on` false, an admin-tier entity, or no store open yet) it reads nothing. Never the previous entity's records under a new one.
 */
export const useOfficeOf = <E extends AnyEntity>(office: RxCollection<OfficeRecord> | null, entity: E, on = true): OfficeOf<E> => {
  const [state, setState] = useState<OfficeOf<E> & { for: { office: RxCollection<OfficeRecord>; entity: E } | null }>({ ...waiting, for: null });
  useEffect(() => {
    if (!on || !office) return;
    const asked = { office, entity };
    // Each stored revision read once: RxDB keeps one document object per revision, so when one record of the list
    // changes (or replication brings one) only that one is parsed again.
    const readings = new WeakMap<RxDocument<OfficeRecord>, { record: OfficeRecord; data: z.infer<E['fields']> | null }>();
    const readingOf = (doc: RxDocument<OfficeRecord>) => {
      const known = readings.get(doc);
      if (known) return known;
      // As the record API answers it: a record written by an older version of the entity, upgraded.
      const reading = currentRecord(entity, doc.toMutableJSON());
      readings.set(doc, reading);
      return reading;
    };
    const sub = office.find({ selector: { type: entity.type } }).$.subscribe((docs) => {
      const read = docs.map(readingOf);
      setState({
        items: read.filter((r): r is Held<E> => r.data !== null),
        records: read.map((r) => r.record),
        loading: false,
        for: asked,
      });
    });
    return () => sub.unsubscribe();
  }, [office, entity, on]);
  return on && office && state.for?.office === office && state.for.entity === entity ? state : waiting;
};
