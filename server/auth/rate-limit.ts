import { HttpError } from '../http/errors';
import { claim } from './claims';

/**
 * At most `limit` hits of one key per fixed window, shared by every process on the store. Each hit takes a numbered
 * place `rate:{key}:{window}:{n}` (server/auth/claims.ts): a new document, never rewritten, so a burst cannot
 * conflict or fail, and however many arrive at once exactly `limit` pass. A refused hit writes nothing.
 * A fixed window lets up to twice the limit through across its boundary.
 */
export const limitRate = async (
  auth: PouchDB.Database,
  key: string,
  limit: number,
  windowMs: number,
  message = 'Слишком много запросов, попробуйте позже',
): Promise<void> => {
  const window = Math.floor(Date.now() / windowMs);
  const place = await claim(auth, `rate:${key}:${window}:`, limit, (window + 1) * windowMs);
  if (!place) throw new HttpError(429, message);
};
