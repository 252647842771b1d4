import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';

/**
 * A stand-in for Posiflora's public API, written from its OpenAPI description (JSON:API over
 * /api/v1): sessions by login and password, and the customers, inventory-items and orders lists with
 * page[number]/page[size] and "changed since" filters. Tests change its data and make chosen pages fail.
 */
export interface StandInResource {
  id: string;
  type: string;
  attributes: Record<string, unknown> & { updatedAt: string };
  relationships?: Record<string, unknown>;
}

/** The length of an oversized answer: well past what our server reads (server/http/outside-request.ts `maxAnswerBytes`). */
export const oversizedBytes = 64 * 1024 * 1024;

export const startPosifloraStandIn = async (login = { username: 'studio', password: 'secret' }) => {
  const data: Record<'customers' | 'inventory-items' | 'orders', StandInResource[]> = { customers: [], 'inventory-items': [], orders: [] };
  const tokens = new Set<string>();
  /** Every list request: path, page and the "since" asked. */
  const requests: { path: string; page: number; since: string | null }[] = [];
  /**
   * A page that answers wrongly once: a 500, a body that is not what the API promises, or one of `oversizedBytes`
   * sent in chunks without a length (as a broken proxy or a hostile host would), which `oversized` tells how much of
   * was sent and whether the whole of it was.
   */
  const failures: { path: string; page: number; mode: '500' | 'malformed' | 'oversized' }[] = [];
  const oversized: { sent: number; finished: boolean }[] = [];

  const app = express();
  app.use(express.json({ type: ['application/vnd.api+json'] }));
  const jsonApi = (res: express.Response, status: number, body: unknown) => res.status(status).type('application/vnd.api+json').send(JSON.stringify(body));

  app.post('/api/v1/sessions', (req, res) => {
    if (!req.is('application/vnd.api+json')) return jsonApi(res, 415, { errors: [{ title: 'Unsupported Media Type' }] });
    const a = (req.body as { data?: { attributes?: { username?: string; password?: string } } })?.data?.attributes;
    if (a?.username !== login.username || a?.password !== login.password) return jsonApi(res, 401, { errors: [{ title: 'Invalid credentials', code: '401' }] });
    const accessToken = crypto.randomUUID();
    tokens.add(accessToken);
    return jsonApi(res, 200, {
      data: {
        type: 'sessions',
        id: crypto.randomUUID(),
        attributes: { accessToken, refreshToken: crypto.randomUUID(), expireAt: new Date(Date.now() + 3_600_000).toISOString(), refreshExpireAt: new Date(Date.now() + 30 * 86_400_000).toISOString() },
      },
    });
  });

  for (const path of ['customers', 'inventory-items', 'orders'] as const) {
    app.get(`/api/v1/${path}`, (req, res) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!tokens.has(token)) return jsonApi(res, 401, { errors: [{ title: 'Unauthorized' }] });
      const q = req.query as Record<string, unknown>;
      const pageQ = (q.page ?? {}) as Record<string, string>;
      const number = Math.max(1, Number(pageQ.number ?? q['page[number]'] ?? 1));
      const size = Math.max(1, Number(pageQ.size ?? q['page[size]'] ?? 10));
      const updated = ((q.filter as Record<string, Record<string, string>> | undefined)?.updatedAt?.from ?? q.from ?? null) as string | null;
      requests.push({ path, page: number, since: updated });
      const failure = failures.findIndex((f) => f.path === path && f.page === number);
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        if (f!.mode === '500') return jsonApi(res, 500, { errors: [{ title: 'Internal Server Error' }] });
        if (f!.mode === 'oversized') return void sendOversized(res);
        return jsonApi(res, 200, { data: [{ id: 42, attributes: 'not an object' }] });
      }
      const since = updated ? Date.parse(updated) : -Infinity;
      const all = data[path].filter((r) => Date.parse(r.attributes.updatedAt) > since).sort((a, b) => a.id.localeCompare(b.id));
      return jsonApi(res, 200, { data: all.slice((number - 1) * size, number * size), meta: { total: all.length, page: { number, size } } });
    });
  }

  /** A page of nothing padded to `oversizedBytes`, written as the reader takes it; it stops when the reader hangs up. */
  const sendOversized = async (res: express.Response) => {
    const answer = { sent: 0, finished: false };
    oversized.push(answer);
    res.status(200).type('application/vnd.api+json');
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let open = true;
    let wake = () => {};
    res.on('close', () => {
      open = false;
      wake();
    });
    res.write('{"data":[],"meta":{"pad":"');
    while (open && answer.sent < oversizedBytes) {
      answer.sent += chunk.length;
      if (!res.write(chunk))
        await new Promise<void>((resolve) => {
          wake = resolve;
          res.once('drain', resolve);
        });
    }
    if (open) res.end('"}}', () => (answer.finished = true));
  };

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    data,
    requests,
    failures,
    oversized,
    login,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
