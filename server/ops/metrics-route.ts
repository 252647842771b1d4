import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { isAdmin } from '../../schema/shared/user';
import type { Shop } from '../context';
import { countWaitingCommands } from '../orders/waiting-commands';
import { decodeQueue } from '../photos/decode-queue';
import { backupAgeSeconds, backupsOn, backupStatus } from './nightly-backup';
import { registry, scraped } from './metrics';

const sameSecret = (given: string, expected: string) => {
  const digest = (text: string) => new Uint8Array(crypto.createHash('sha256').update(text).digest());
  return crypto.timingSafeEqual(digest(given), digest(expected));
};

/** Reads the store's figures into the gauges; a store that does not answer leaves them NaN and `shop_store_up` 0. */
const readStoreFigures = async (shop: Shop) => {
  scraped.photosWaiting.set(decodeQueue.waiting);
  try {
    scraped.commandsWaiting.set(await countWaitingCommands(shop.storage));
    if (backupsOn(shop.config.backup)) {
      scraped.backupAge.set(backupAgeSeconds(await backupStatus(shop.storage)) ?? Infinity);
    } else scraped.backupAge.set(NaN);
    scraped.storeUp.set(1);
  } catch {
    scraped.commandsWaiting.set(NaN);
    scraped.backupAge.set(NaN);
    scraped.storeUp.set(0);
  }
};

/**
 * GET /metrics in Prometheus's text format, outside /api (a scraper wants text and no cookie): an admin's session, or
 * `Authorization: Bearer $METRICS_TOKEN` when that is set. Anyone else gets 401/403 and no figures.
 */
export const metricsRoute =
  (shop: Shop): RequestHandler =>
  async (req, res, next) => {
    try {
      const token = shop.config.metricsToken;
      const bearer = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
      const byToken = !!token && !!bearer && sameSecret(bearer, token);
      if (!byToken && !isAdmin(res.locals.user)) {
        res.set('cache-control', 'no-store');
        return void res.status(res.locals.user || bearer ? 403 : 401).json({ error: res.locals.user || bearer ? 'Недостаточно прав' : 'Войдите как администратор или передайте токен METRICS_TOKEN' });
      }
      await readStoreFigures(shop);
      res.set('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    } catch (e) {
      next(e);
    }
  };
