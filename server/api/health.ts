import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { backupIsStale, backupStatus } from '../ops/nightly-backup';

/** A probe that takes longer than this counts as unreachable: a load balancer must not wait on a hung database. */
const probeMs = 3_000;

const withinTime = <T>(work: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * GET /api/health: whether this app server can reach its database, for a load balancer and for people.
 * 200 {ok: true, db: 'ok', backup} (backup: 'ok', 'stale' when the last is older than a day, 'off') or 503 {ok: false, db: 'unreachable', since, message}; `since` is when this process
 * first found it unreachable (a figure about this process, not shared state).
 */
export const healthApi = (shop: Shop): Router => {
  const api = Router();
  let unreachableSince: Date | null = null;
  route(api, 'GET /api/health', async ({ res }) => {
    res.set('cache-control', 'no-store');
    try {
      await withinTime(shop.storage.db('catalog').info(), probeMs);
      unreachableSince = null;
      const backup = !shop.config.backup.dir ? ('off' as const) : backupIsStale(await withinTime(backupStatus(shop.storage), probeMs)) ? ('stale' as const) : ('ok' as const);
      return { ok: true as const, db: 'ok' as const, backup };
    } catch {
      unreachableSince ??= new Date();
      const since = unreachableSince.toISOString();
      res.status(503).json({ ok: false, db: 'unreachable', since, message: `База данных недоступна с ${since}` });
    }
  });
  return api;
};
