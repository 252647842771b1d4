import crypto from 'node:crypto';
import { HttpError } from '../http/errors';

const stamp = (ms: number) => String(ms).padStart(13, '0');

/**
 * A sliding-window limit shared by every process on the store. Each hit is its own document
 * `rate:{key}:{time}{random}`, never rewritten, so a burst of hits cannot conflict; the count is a key-range read of
 * the window, cut off just above the limit. A hit is let through when fewer than `limit` hits came before it in the
 * window (by id); a refused hit is taken back, so a flood does not lock out the next window too.
 * Two hits written in the same instant on different processes may both see themselves first: the limit can be
 * passed by the number of hits in flight at once, never more.
 */
export const limitRate = async (
  auth: PouchDB.Database,
  key: string,
  limit: number,
  windowMs: number,
  message = 'Слишком много запросов, попробуйте позже',
): Promise<void> => {
  const prefix = `rate:${key}:`;
  const now = Date.now();
  const since = prefix + stamp(now - windowMs);
  const before = await auth.allDocs({ startkey: since, endkey: `${prefix}\ufff0`, limit });
  if (before.rows.length >= limit) throw new HttpError(429, message);

  const id = prefix + stamp(now) + crypto.randomBytes(6).toString('hex');
  const { rev } = await auth.put({ _id: id, expiresAt: now + windowMs });
  const ahead = await auth.allDocs({ startkey: since, endkey: id, limit: limit + 1 });
  if (ahead.rows.length > limit) {
    await auth.remove(id, rev).catch(() => undefined);
    throw new HttpError(429, message);
  }
};
