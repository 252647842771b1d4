import type { ErrorAnswer } from './api';

/**
 * A refused body's one Russian message, from its first issue: the server's 400 (server/http/errors.ts) and a device's
 * own check before sending (client/lib/record-call.ts) say the same. Its own file: schema/shared/api.ts is in the
 * storefront's first script, this is not.
 */
export const refusalMessage = (issues: NonNullable<ErrorAnswer['issues']>): string => {
  const first = issues[0];
  return `Проверьте данные: ${first?.path ? `${first.path} — ` : ''}${first?.message}`;
};
