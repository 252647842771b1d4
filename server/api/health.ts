import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { couchQuorum, probeMs, withinTime } from '../ops/couch-quorum';
import { backupAgeSeconds, backupFailing, backupIsStale, backupStatus } from '../ops/nightly-backup';
import { readSmsGateway } from '../studio/shop-settings';

/**
 * GET /api/health: whether this app server can reach its database and what is degraded, for a load balancer (200 or
 * 503) and for people (schema/shared/api-requests.ts `healthAnswer`). `since` is when this process first found the store
 * unreachable (a figure about this process, not shared state).
 */
export const healthApi = (shop: Shop): Router => {
  const api = Router();
  let unreachableSince: Date | null = null;
  route(api, 'GET /api/health', async ({ res }) => {
    res.set('cache-control', 'no-store');
    try {
      await withinTime(shop.storage.db('catalog').info(), probeMs);
    } catch {
      unreachableSince ??= new Date();
      const since = unreachableSince.toISOString();
      res.status(503);
      return { ok: false as const, status: 'down' as const, db: 'unreachable' as const, since, message: `База данных недоступна с ${since}` };
    }
    unreachableSince = null;
    const { config, storage } = shop;
    const [status, quorum, savedGateway] = await Promise.all([
      config.backup.dir ? withinTime(backupStatus(storage), probeMs).catch(() => null) : null,
      config.couchUrl ? couchQuorum(config.couchUrl) : ('embedded' as const),
      config.smsGatewayUrl ? null : withinTime(readSmsGateway(storage), probeMs).catch(() => null),
    ]);
    const failing = status && backupFailing(status);
    const backup = !config.backup.dir ? ('off' as const) : failing ? ('failed' as const) : !status || backupIsStale(status) ? ('stale' as const) : ('ok' as const);
    const sms = config.smsGatewayUrl || savedGateway ? ('gateway' as const) : config.mode === 'demo' ? ('log' as const) : ('missing' as const);
    const degraded = backup === 'stale' || backup === 'failed' || (quorum !== 'ok' && quorum !== 'embedded') || sms === 'missing';
    const age = status && backupAgeSeconds(status);
    return {
      ok: true as const,
      status: degraded ? ('degraded' as const) : ('ok' as const),
      db: 'ok' as const,
      quorum,
      backup,
      ...(age != null ? { backupAgeSeconds: Math.round(age) } : {}),
      ...(failing ? { backupFailure: failing } : {}),
      sms,
    };
  });
  return api;
};
