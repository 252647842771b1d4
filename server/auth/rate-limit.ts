import { HttpError } from '../http/errors';
import { upsert } from '../db/docs';

/**
 * Counts hits of one key in fixed windows, in the auth database so that every process shares the count.
 * Throws 429 once `limit` is passed.
 */
export const limitRate = async (auth: PouchDB.Database, key: string, limit: number, windowMs: number): Promise<void> => {
  const window = Math.floor(Date.now() / windowMs);
  const hits = await upsert<{ hits: number; expiresAt: number }>(auth, `rate:${key}:${window}`, (c) => ({
    hits: (c?.hits ?? 0) + 1,
    expiresAt: (window + 1) * windowMs,
  }));
  if (hits!.hits > limit) throw new HttpError(429, 'Слишком много запросов, попробуйте позже');
};
