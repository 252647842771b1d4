import { z } from 'zod';

/** What /admin is told of the shop's backups (issue 31): on or off, when the last was made, whether that is over a day ago, the last failure. */
export const backupView = z.strictObject({
  on: z.boolean(),
  at: z.string().nullable(),
  stale: z.boolean(),
  failure: z.strictObject({ at: z.string(), reason: z.string() }).nullable(),
});
export type BackupView = z.infer<typeof backupView>;
