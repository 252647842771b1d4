import { z } from 'zod';

/** Spec §9: cache lifetime 10 minutes. */
export const cacheTtl = 600_000;

/** A DataSources cache record (spec §3). */
export const cacheRecord = z.strictObject({
  id: z.string().min(1).max(500),
  key: z.string().min(1).max(500),
  data: z.unknown(),
  timestamp: z.number().int().min(0),
  ttl: z.number().int().min(0),
});
export type CacheRecord = z.infer<typeof cacheRecord>;

export interface CacheKeySource {
  key?: string;
  url?: string;
  source?: string;
  fn?: (...args: never[]) => unknown;
  params?: unknown;
}

/** Spec §5: throws 'Invalid cache key configuration' when no key, url, source or function is given. */
export const cacheKey = (c: CacheKeySource): string => {
  const base = c.key ?? c.url ?? c.source ?? (c.fn ? c.fn.name || 'fn' : undefined);
  if (!base) throw new Error('Invalid cache key configuration');
  return c.params === undefined ? base : `${base}:${JSON.stringify(c.params)}`;
};
