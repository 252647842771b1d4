import { useMemo } from 'react';
import type { RxCollection } from 'rxdb';
import { voidFact } from '../../schema/entities/void';
import type { OfficeRecord } from '../../schema/shared/record';
import { voidedIds, type VoidMark } from '../../schema/shared/voids';
import { useOfficeOf } from './office-of';

/**
 * The voided facts on this device, by the voided record's id (schema/shared/voids.ts `voidedIds`), live: pulled voids and
 * those written here offline alike. What every list and reader of facts on the device leaves out or strikes through.
 * Off (`on` false) it reads nothing and is empty.
 */
export const useVoidMarks = (office: RxCollection<OfficeRecord> | null, on = true): ReadonlyMap<string, VoidMark> => {
  const { records } = useOfficeOf(office, voidFact, on);
  return useMemo(() => voidedIds(records), [records]);
};
