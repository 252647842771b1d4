import type { AnyEntity } from '../../../schema/entities';
import { switchedOff } from '../../../schema/shared/reference';
import type { OfficeRecord } from '../../../schema/shared/record';
import type { RecordQuery } from '../../data/records';

/**
 * What a reference picker asks its target's list for: what was typed, over the entity's search fields, in its order.
 * An entity that switches records off is asked for the switched-on ones, so the page of twenty holds twenty choices
 * rather than twenty records less those not offered.
 */
export const choicesQuery = (entity: AnyEntity, typed: string): RecordQuery => ({
  page: 1,
  search: typed.trim() || undefined,
  sort: entity.list.sort,
  ...(entity.list.filters?.some((f) => f === 'active') ? { filters: { active: 'true' } } : {}),
});

/**
 * What a picker offers of the records found: not the one chosen (shown first on its own, even switched off), none
 * switched off (an admin-tier list has no filter for it), none the screen leaves out (a tech card among its own bases).
 */
export const offeredChoices = (found: readonly OfficeRecord[], chosen: string, leaveOut?: (id: string) => boolean): OfficeRecord[] =>
  found.filter((r) => r.id !== chosen && !switchedOff(r.data) && !leaveOut?.(r.id));
