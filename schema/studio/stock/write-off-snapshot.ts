import { z } from 'zod';
import { officeRecord } from '../../shared/record';
import { stockAnswer } from './stock-answer';

/** More reference records than this (a studio of thousands of flowers) and the server writes none: the form waits for the device. */
export const writeOffSnapshotMax = 2000;

/** How often each flower was written off and when last (schema/studio/stock/write-off-choices.ts `writeOffUses`). */
export const writeOffUse = z.strictObject({ flower: z.string(), times: z.number().int().nonnegative(), last: z.number() });
export type WriteOffUse = z.infer<typeof writeOffUse>;

/**
 * The write-off form's first content (/admin/slips/new, issue 32 item 1): what a florist chooses from, as the server's
 * stock projection holds it, written into the page of staff who may create a write-off, so the choices show before
 * the device's store has opened and pulled. `records`: the active flowers and warehouses and the entries of the units'
 * and reasons' lists, as stored (the tab reads them as the device does); `stock`: balances and purchase prices
 * (POST /api/stock/balances' answer); `uses`: how often each flower was written off. The act itself is still written
 * into the device and pushed (offline too).
 */
export const writeOffSnapshot = z.strictObject({
  records: z.array(officeRecord).max(writeOffSnapshotMax),
  stock: stockAnswer,
  uses: z.array(writeOffUse),
});
export type WriteOffSnapshot = z.infer<typeof writeOffSnapshot>;
