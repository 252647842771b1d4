import { boardSnapshotOf } from './render/board-snapshot';
import path from 'node:path';
import os from 'node:os';
import express, { type Express } from 'express';
import expressPouchDB from 'express-pouchdb';
import './http/zod-locale';
import type { Shop } from './context';
import { isServedDb } from '../schema/shared/databases';
import type { ApiRoute } from '../schema/shared/api-routes';
import { bodyLimit, kilobytes } from './http/body-limit';
import { clientsApi } from './api/clients';
import { debtsApi } from './api/debts';
import { analyticsApi } from './api/analytics';
import { ordersIndex } from './orders/orders-index';
import { shiftBooksApi } from './api/shift-books';
import { errorAnswer } from './http/errors';
import { compressAnswers } from './http/compress';
import { securityHeaders } from './http/security-headers';
import { sessionUser } from './auth/session-cookie';
import { readRightNow } from './auth/read-right';
import { dbGateway, pushArrivals } from './db/gateway';
import { storeEpochHeader } from './ops/store-epoch';
import { dbBodyLimit } from './db/gateway-calls';
import type { ChangesHub } from './db/changes-hub';
import type { CatalogIndex } from './db/catalog-index';
import { authApi } from './api/auth';
import { qrLoginApi } from './api/qr-login';
import { itemsApi } from './api/items';
import { itemService } from './catalog/item-service';
import { techCardsApi } from './tech-cards/publish';
import { eventsApi } from './api/events';
import { pagesApi } from './api/pages';
import { profileApi } from './api/profile';
import { storefrontApi } from './api/storefront';
import { settingsApi } from './api/settings';
import { receiptsApi } from './api/receipts';
import { navigationApi } from './api/navigation';
import { staffApi } from './api/staff';
import { posifloraApi } from './api/posiflora';
import { maxUploadBytes } from './photos/item-image';
import { photosApi } from './photos/photos-api';
import { ordersApi } from './api/orders';
import { favouritesApi } from './api/favourites';
import { noticesApi } from './api/notices';
import { paymentsApi } from './api/payments';
import { infoApi } from './api/info';
import { syncStreamApi } from './api/sync-stream';
import { healthApi } from './api/health';
import { backupsApi } from './api/backups';
import { imagesApi } from './api/images';
import { recordApi } from './records/record-api';
import { booksOf, pushRules, recordHooks } from './books';
import { stockApi } from './api/stock';
import type { StockProjection } from './stock/stock-projection';
import { stockOf } from './stock/stock';
import { clientFiles } from './static';
import { pageMeta } from './seo/page-meta';
import { searchEngineFiles } from './seo/search-engine-files';
import { knownAddress } from './seo/known-address';
import { pageSnapshot } from './render/page-snapshot';
import { pageCounters } from './render/counters';
import { staffConnect } from './receipts/counter-register';
import { requestIds } from './ops/log';
import { countRequest } from './ops/metrics';
import { metricsRoute } from './ops/metrics-route';
import { outdatedMessage, type DataVersionWatch } from './ops/data-version';

/**
 * The largest body each /api route takes; others take 16 KB (an order of 50 lines is about 8 KB).
 * Product and page edits carry long texts. GET routes, images and pages take no body at all.
 */
const apiBodyLimits: Partial<Record<ApiRoute, number>> = {
  'POST /api/items/update': kilobytes(100),
  'POST /api/pages/update': kilobytes(100),
  'POST /api/items/get-list': kilobytes(32),
  // A catalogue picture, a phone's photo as it is (server/photos/item-image.ts `maxUploadBytes`).
  'POST /api/items/upload-image': maxUploadBytes,
  // A photo command carries the photo (schema/studio/orders/order-command.ts: a data URL up to 1.5 MB).
  'POST /api/orders/command': kilobytes(1600),
  // A clients' CSV file (schema/studio/clients/client-csv.ts): some twenty thousand cards; a 50 MB file is refused before it is read.
  'POST /api/clients/import': kilobytes(4 * 1024 + 64),
};
const limitOf = (req: express.Request) => {
  if (req.path.startsWith('/db/')) return dbBodyLimit(req.method, req.path.slice(3));
  if (req.method !== 'POST' || !req.path.startsWith('/api/')) return 0;
  const route = `POST ${req.path}`;
  return Object.hasOwn(apiBodyLimits, route) ? (apiBodyLimits[route as ApiRoute] ?? 0) : kilobytes(16);
};
const refuseBody = (req: express.Request, res: express.Response, status: number, message: string) =>
  void res.status(status).json(req.path.startsWith('/db/') ? { error: status === 413 ? 'too_large' : 'bad_request', reason: message } : { error: message });

/**
 * An app server whose code is older than the store's data (a newer release raised the marker while this one ran)
 * answers no /api or /db call but its health: it would write what the newer release may not read (DECISIONS
 * «Upgrades without closing»). 503 with a pause: nginx tries a read on the other app server, a device sends again.
 */
const refuseWhenOutdated =
  (versions: DataVersionWatch): express.RequestHandler =>
  (req, res, next) => {
    // Mounted on /api and /db: `baseUrl` is which, `path` the rest.
    if (!versions.outdated() || (req.method === 'GET' && req.baseUrl === '/api' && req.path === '/health')) return next();
    res.set('retry-after', '30');
    res.status(503).json(req.baseUrl === '/db' ? { error: 'service_unavailable', reason: outdatedMessage } : { error: outdatedMessage });
  };

export const createApp = (shop: Shop, hub: ChangesHub, catalog: CatalogIndex, stock: StockProjection, epoch: string, versions: DataVersionWatch): Express => {
  const app = express();
  const books = booksOf(shop, stock);
  app.disable('x-powered-by');
  app.set('trust proxy', shop.config.trustProxy);
  app.use(requestIds(countRequest));
  // The office's catch-up for a push starts as it arrives, beside its session and body (gateway.ts `pushArrivals`).
  // Its catch-ups take this process's own pushed documents from what it wrote, not from a read (`stock.wrote`).
  const rules = pushRules(books, shop.storage, shop.config.booksClock, () => stock.mark(), (docs) => stock.wrote(docs));
  app.use(pushArrivals(rules));
  app.use(compressAnswers());
  app.use(securityHeaders());
  app.use(['/api', '/db'], refuseWhenOutdated(versions));

  app.use(bodyLimit(limitOf, refuseBody));
  app.use(imagesApi());
  app.use(['/api', '/db', '/metrics'], sessionUser(shop));

  const mayRead = readRightNow(shop.sessions, shop.users);
  const api = express.Router();
  const checkAnswers = shop.config.checkAnswers ?? shop.config.mode !== 'production';
  api.use('/api', (_req, res, next) => {
    res.locals.checkAnswers = checkAnswers;
    next();
  });
  api.use(healthApi(shop, versions));
  [authApi, qrLoginApi, eventsApi, pagesApi, profileApi, clientsApi, staffApi, infoApi, favouritesApi, noticesApi, posifloraApi, storefrontApi, debtsApi, settingsApi, receiptsApi, shiftBooksApi, backupsApi].forEach((part) => api.use(part(shop)));
  api.use(ordersApi(shop, catalog));
  api.use(paymentsApi(shop));
  api.use(photosApi(shop));
  // The catalogue's one writer: staff's item edits and published tech cards alike.
  const items = itemService(shop, catalog, stockOf(shop.storage));
  // Placed orders by customer, for client totals; read at start, not by the first list.
  const orderIndex = ordersIndex(shop.storage);
  void orderIndex.warm().catch(() => undefined);
  api.use(itemsApi(shop, catalog, items));
  api.use(navigationApi(shop, catalog));
  api.use(techCardsApi(shop, items));
  api.use(syncStreamApi(hub, mayRead));
  api.use(stockApi(stock));
  api.use(analyticsApi(shop, stock));
  api.use(recordApi(shop, books, recordHooks(shop, orderIndex)));
  api.use('/api', (_req, res) => void res.status(404).json({ error: 'Нет такого метода API' }));
  app.use(api);
  app.get('/metrics', metricsRoute(shop));

  const pouchApp = expressPouchDB(shop.storage.Pouch, {
    mode: 'minimumForPouchDB',
    inMemoryConfig: true,
    logPath: path.join(shop.config.couchUrl ? os.tmpdir() : shop.config.dataDir, 'express-pouchdb.log'),
  });
  // Every /db answer names the store's epoch: a device that meets a new one (a restore) replicates afresh.
  app.use('/db', (_req, res, next) => {
    res.setHeader(storeEpochHeader, epoch);
    next();
  });
  app.use('/db', dbGateway(shop.storage, hub, isServedDb, pouchApp, rules, mayRead, shop.config.gatewayLimits));

  app.use(searchEngineFiles(shop, catalog));
  app.use(clientFiles(shop.config, pageMeta(shop, catalog), knownAddress(shop, catalog), pageSnapshot(shop, catalog), (path) => pageCounters(shop.storage, path), (path) => staffConnect(shop.storage, path), boardSnapshotOf(shop, stock)));
  app.use(errorAnswer);
  return app;
};
