import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { z } from 'zod';
import type { AnyEntity } from '../../schema/entities';
import { recordData, type OfficeRecord } from '../../schema/record';

/** One office record with its data as the entity's current version reads it. */
export interface Held<E extends AnyEntity> {
  record: OfficeRecord;
  data: z.infer<E['fields']>;
}

/**
 * Every record of one office-tier entity on this device, live (offline too, with what is not sent yet), each parsed;
 * a record that does not parse is left out. For the stock screens, which read whole lists (flowers, warehouses, acts)
 * where the list screens read a page.
 */
export const useOfficeOf = <E extends AnyEntity>(office: RxCollection<OfficeRecord>, entity: E): { items: Held<E>[]; loading: boolean } => {
  const [state, setState] = useState<{ items: Held<E>[]; loading: boolean }>({ items: [], loading: true });
  useEffect(() => {
    const sub = office.find({ selector: { type: entity.type } }).$.subscribe((docs) => {
      const items = docs.flatMap((d) => {
        const record = d.toMutableJSON();
        const data = recordData(entity, record);
        return data ? [{ record, data }] : [];
      });
      setState({ items, loading: false });
    });
    return () => sub.unsubscribe();
  }, [office, entity]);
  return state;
};
