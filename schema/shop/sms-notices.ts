import { z } from 'zod';

/**
 * Whether a customer is told by SMS what happens to their orders (issue 30, item 4): on unless they turned it off
 * on /my. Kept on the server (server/notices/), read and changed by the customer alone through /api/my/sms-*.
 */
export const smsNotices = z.strictObject({ sms: z.boolean() });
export type SmsNotices = z.infer<typeof smsNotices>;
