import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { couchQuorum, probeMs, withinTime } from '../ops/couch-quorum';
import { backupAgeSeconds, backupIsStale, backupsOn, backupStatus, lastFailure } from '../ops/nightly-backup';
import { readSmsGateway } from '../studio/shop-settings';
import { outdatedMessage, type DataVersionWatch } from '../ops/data-version';

/**
 * GET /api/health: whether this app server can reach its database and what is degraded, for a load balancer (200 or
 * 503) and for people (schema/shared/api-requests.ts `healthAnswer`). `since` is when this process first found the store
 * unreachable (a figure about this process, not shared state).
 */
export const healthApi = (shop: Shop, versions: DataVersionWatch): Router => {
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
      backupsOn(config.backup) ? withinTime(backupStatus(storage), probeMs).catch(() => null) : null,
      config.couchUrl ? couchQuorum(config.couchUrl) : ('embedded' as const),
      config.smsGatewayUrl ? null : withinTime(readSmsGateway(storage), probeMs).catch(() => null),
    ]);
    const failure = status ? lastFailure(status) : null;
    const backup = !backupsOn(config.backup) ? ('off' as const) : failure ? ('failing' as const) : !status || backupIsStale(status) ? ('stale' as const) : ('ok' as const);
    const sms = config.smsGatewayUrl || savedGateway ? ('gateway' as const) : config.mode === 'demo' ? ('log' as const) : ('missing' as const);
    const outdated = versions.outdated();
    const degraded = outdated || backup === 'stale' || backup === 'failing' || (quorum !== 'ok' && quorum !== 'embedded') || sms === 'missing';
    const age = status && backupAgeSeconds(status);
    return {
      ok: true as const,
      status: degraded ? ('degraded' as const) : ('ok' as const),
      db: 'ok' as const,
      quorum,
      backup,
      ...(age != null ? { backupAgeSeconds: Math.round(age) } : {}),
      ...(failure ? { backupFailure: failure.reason } : {}),
      sms,
      dataVersion: versions.own,
      storeDataVersion: versions.stored(),
      ...(outdated ? { dataVersionProblem: `${outdatedMessage} (данные — версия ${versions.stored()}, сервер — ${versions.own})` } : {}),
    };
  });
  return api;
};
