import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// This process's figures for Prometheus (issue 31). Per process on purpose: each app server is scraped on its own and
// Prometheus sums them; the gauges read from the store at scrape time (commands waiting, the last backup) say the same
// on every server. The /metrics route itself is server/ops/metrics-route.ts.

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Answered HTTP requests by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'],
  registers: [registry],
});

export const httpSeconds = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/**
 * The route an answered request counts under: the pattern Express matched (`/api/orders/get`, `/img/:kind/:seed.png`),
 * never the raw path (ids, phones); /db/* as one; a page the catch-all drew as `page`; anything unmatched (404) `other`.
 */
export const routeLabel = (req: { route?: { path?: unknown }; baseUrl: string; originalUrl: string }, status: number): string => {
  const path = req.route?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  if (/^\/db(\/|$|\?)/.test(req.originalUrl)) return '/db';
  return req.route && status !== 404 ? 'page' : 'other';
};

export const countRequest = (req: Parameters<typeof routeLabel>[0] & { method: string }, status: number, seconds: number): string => {
  const labels = { method: req.method, route: routeLabel(req, status), status_class: statusClass(status) };
  httpRequests.inc(labels);
  httpSeconds.observe(labels, seconds);
  return labels.route;
};

/** A database's name as a label: a customer's own database (`orders-79…`) never names the customer. */
const dbLabel = (name: string) => name.replace(/\d{6,}/g, '{phone}');

const devicePushes = new Counter({ name: 'shop_db_pushes_total', help: 'Batches devices pushed to /db, by database', labelNames: ['database'], registers: [registry] });
const pushedDocs = new Counter({
  name: 'shop_db_pushed_documents_total',
  help: 'Documents devices pushed to /db, by database and outcome (written, refused by the rules, conflict)',
  labelNames: ['database', 'outcome'],
  registers: [registry],
});

export const countPush = (database: string, outcomes: { written: number; refused: number; conflict: number }): void => {
  const name = dbLabel(database);
  devicePushes.inc({ database: name });
  for (const [outcome, n] of Object.entries(outcomes)) pushedDocs.inc({ database: name, outcome }, n);
};

const quorumRefusals = new Counter({
  name: 'shop_couchdb_quorum_refusals_total',
  help: 'Writes given up because too few CouchDB copies took them (answered 503)',
  registers: [registry],
});
export const countQuorumRefusal = (): void => quorumRefusals.inc();

/** Read from the store (or this process's queue) when Prometheus scrapes: server/ops/metrics-route.ts sets them. */
export const scraped = {
  commandsWaiting: new Gauge({ name: 'shop_order_commands_waiting', help: 'Order commands in the store without an outcome yet (NaN: the store did not answer)', registers: [registry] }),
  backupAge: new Gauge({ name: 'shop_backup_age_seconds', help: 'Seconds since the last successful backup (+Inf: none yet; NaN: backups off or the store did not answer)', registers: [registry] }),
  photosWaiting: new Gauge({ name: 'shop_photo_decodes_waiting', help: 'Uploaded pictures waiting for their decode in this process', registers: [registry] }),
  storeUp: new Gauge({ name: 'shop_store_up', help: '1 when this process read its store during the scrape, else 0', registers: [registry] }),
};
