import { z } from 'zod';
import { couchRequest } from '../db/claim';

/** A probe that takes longer than this counts as unreachable: a load balancer must not wait on a hung database. */
export const probeMs = 3_000;

export const withinTime = <T>(work: Promise<T>, ms: number) =>
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
export const couchQuorum = async (couchUrl: string): Promise<'ok' | 'short' | 'lost' | 'unknown'> => {
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
