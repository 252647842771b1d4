import { Router } from 'express';
import { z } from 'zod';
import type { Shop } from '../context';
import { route } from '../http/route';
import { couchRequest } from '../db/claim';
import { backupAgeSeconds, backupIsStale, backupStatus } from '../ops/nightly-backup';
import { readSmsGateway } from '../studio/shop-settings';

/** A probe that takes longer than this counts as unreachable: a load balancer must not wait on a hung database. */
const probeMs = 3_000;

const withinTime = <T>(work: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** `GET /_membership`: the nodes connected to the one we talk to (itself included), and all the cluster's nodes. */
const membership = z.object({ all_nodes: z.array(z.string()), cluster_nodes: z.array(z.string()) });
const upAnswer = z.object({ status: z.string() });

const couchGet = async <T>(url: string, shape: z.ZodType<T>): Promise<T | null> => {
  const { href, headers } = couchRequest(url);
  const answer = await withinTime(fetch(href, { headers }), probeMs).catch(() => null);
  if (!answer?.ok) return null;
  const parsed = shape.safeParse(await answer.json().catch(() => null));
  return parsed.success ? parsed.data : null;
};

/**
 * The cluster as our node sees it: `_up` (the node serves, not in maintenance) and `_membership` (how many of the
 * cluster's nodes it reaches). With n=3 copies, two are a quorum: `short` still writes, `lost` refuses writes (503).
 * Counts only, never the nodes' names.
 */
const couchQuorum = async (couchUrl: string): Promise<'ok' | 'short' | 'lost' | 'unknown'> => {
  const withCredentials = (path: string) => {
    const at = new URL(couchUrl);
    at.pathname = path;
    return at.href;
  };
  const [up, nodes] = await Promise.all([couchGet(withCredentials('/_up'), upAnswer), couchGet(withCredentials('/_membership'), membership)]);
  if (!up || up.status !== 'ok' || !nodes || !nodes.cluster_nodes.length) return 'unknown';
  const reached = nodes.cluster_nodes.filter((n) => nodes.all_nodes.includes(n)).length;
  return reached === nodes.cluster_nodes.length ? 'ok' : reached * 2 > nodes.cluster_nodes.length ? 'short' : 'lost';
};

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
    const backup = !config.backup.dir ? ('off' as const) : !status || backupIsStale(status) ? ('stale' as const) : ('ok' as const);
    const sms = config.smsGatewayUrl || savedGateway ? ('gateway' as const) : config.mode === 'demo' ? ('log' as const) : ('missing' as const);
    const degraded = backup === 'stale' || (quorum !== 'ok' && quorum !== 'embedded') || sms === 'missing';
    const age = status && backupAgeSeconds(status);
    return {
      ok: true as const,
      status: degraded ? ('degraded' as const) : ('ok' as const),
      db: 'ok' as const,
      quorum,
      backup,
      ...(age != null ? { backupAgeSeconds: Math.round(age) } : {}),
      sms,
    };
  });
  return api;
};
