import { canReadDb } from '../../schema/shared/databases';
import type { Sessions } from './sessions';
import type { Users } from './users';

/** What a held request may do now: deliver, or end because its session ended or its user may no longer read. */
export type ReadRight = 'ok' | 'signed-out' | 'forbidden';

/**
 * Whether a held request (a /db long-poll, the live stream) may still deliver news of `names` (issue 27, item 7),
 * asked when it wakes with something to send. The session and its user are read from the store at that moment, not
 * from the second-long copy every new request uses, so a removal or sign-out finished on another app server before a
 * write counts for that write. Databases a guest may read need no read at all.
 */
export const readRightNow =
  (sessions: Pick<Sessions, 'phoneOf'>, users: Pick<Users, 'get'>) =>
  async (token: string | undefined, names: readonly string[]): Promise<ReadRight> => {
    const guarded = names.filter((n) => !canReadDb(null, n));
    if (!guarded.length) return 'ok';
    const phone = token ? await sessions.phoneOf(token, true) : null;
    if (!phone) return 'signed-out';
    const user = await users.get(phone, true);
    return guarded.every((n) => canReadDb(user, n)) ? 'ok' : 'forbidden';
  };
export type ReadRightNow = ReturnType<typeof readRightNow>;
