import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import { ref, type RefList } from '../../schema/entities/ref';
import { recordData, type OfficeRecord } from '../../schema/record';
import type { RefEntry } from '../../schema/ref-choice';

/**
 * The studio's entries of one reference list (`ref` records, office tier) as the device holds them, live; empty while
 * it holds none, and the screen then offers the list's defaults (schema/ref-choice.ts `refOptions`).
 */
export const useRefEntries = (office: RxCollection<OfficeRecord>, list: RefList | undefined): RefEntry[] => {
  const [entries, setEntries] = useState<RefEntry[]>([]);
  useEffect(() => {
    if (!list) return;
    const sub = office.find({ selector: { type: ref.type } }).$.subscribe((docs) =>
      setEntries(docs.flatMap((d) => {
        const data = recordData(ref, d);
        return data && data.list === list ? [data] : [];
      })),
    );
    return () => sub.unsubscribe();
  }, [office, list]);
  return entries;
};
