import { z } from 'zod';
import { day } from '../../../schema/shared/day';

/**
 * A list screen's state in the address (spec §2: filters kept in the URL), so a reload, a link or «назад»
 * shows the same page. Anything malformed falls back to the default rather than failing the screen.
 */
export const listSearch = z.object({
  page: z.number().int().min(1).max(10_000).optional().catch(undefined),
  q: z.string().max(100).optional().catch(undefined),
  sort: z.string().max(40).regex(/^[a-zA-Z]+$/).optional().catch(undefined),
  desc: z.boolean().optional().catch(undefined),
  /** Filters by field; a value may be a record's id (up to 64 characters: `flower-{uuid}` is 43), as the write-offs' flower and the documents' record are. */
  f: z.record(z.string().max(40), z.string().max(64)).optional().catch(undefined),
  /** A day screen's day (the couriers' day), and which tab of a screen that has more than the list. */
  day: day.optional().catch(undefined),
  tab: z.enum(['list']).optional().catch(undefined),
});
export type ListSearch = z.infer<typeof listSearch>;

/** A record screen's address: `from` names a refused change kept on the device (data/sync/refused-changes.ts) that a new record's form opens filled with. */
export const recordSearch = z.object({
  from: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional().catch(undefined),
  /** A new tech card made for a catalogue item («Создать техкарту» beside an item without one): the item's id and name. */
  product: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional().catch(undefined),
  name: z.string().max(120).optional().catch(undefined),
});
