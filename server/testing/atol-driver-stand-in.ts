import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A task as the stand-in keeps it. */
interface DriverTask {
  uuid: string;
  request: unknown[];
  status: 'wait' | 'ready' | 'error' | 'canceled';
  errorDescription?: string;
  fiscal?: { fiscalDocumentNumber: number; fiscalDocumentSign: string; fnNumber: string; fiscalDocumentDateTime: string };
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

const readBody = async (req: http.IncomingMessage): Promise<unknown> => {
  req.setEncoding('utf8');
  let text = '';
  for await (const c of req) text += String(c);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const cents = (x: unknown) => Math.round(Number(x) * 100);
const vats = new Set(['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat105', 'vat107', 'vat110', 'vat120']);
/** The driver's names of a measure (FFD 1.2), as its JSON tasks take them. */
const measures = new Set(['piece', 'gram', 'kilogram', 'ton', 'centimeter', 'decimeter', 'meter', 'squareCentimeter', 'squareMeter', 'milliliter', 'liter']);

/** Why the register would refuse a sell/sellReturn task, as the driver says it; null when it prints. */
const taskIssue = (t: unknown): string | null => {
  if (!isRecord(t) || (t.type !== 'sell' && t.type !== 'sellReturn')) return 'Неизвестный тип задания';
  const items = Array.isArray(t.items) ? t.items.filter(isRecord) : [];
  if (!items.length) return 'Нет позиций';
  for (const i of items) {
    if (cents(i.price) * Number(i.quantity) !== cents(i.amount)) return 'Сумма позиции не равна цене × количество';
    if (!isRecord(i.tax) || !vats.has(String(i.tax.type))) return 'Неверная ставка НДС';
    if (i.measurementUnit !== undefined && !measures.has(String(i.measurementUnit))) return 'Неверная мера количества';
  }
  const sum = items.reduce((s, i) => s + cents(i.amount), 0);
  const paid = (Array.isArray(t.payments) ? t.payments.filter(isRecord) : []).reduce((s, p) => s + cents(p.sum), 0);
  if (sum !== cents(t.total) || paid !== cents(t.total)) return 'Сумма чека не равна сумме позиций и оплат';
  return null;
};

/**
 * A stand-in for ATOL's «web-сервер драйвера ККТ» (the driver of a register on the counter, http://localhost:16732),
 * written from its public JSON task API (ATOL's «Драйвер ККТ 10: JSON-задания» and the web server's `/api/v2/requests`):
 * `POST /api/v2/requests` `{uuid, request: [tasks]}` → 201, or 409 when the uuid is known (the task is not queued
 * twice); `GET /api/v2/requests/{uuid}` → `{results: [{status, error: {code, description}, result}]}`, a receipt
 * `ready` with its `fiscalParams` at the first look (or `error` when its sums or VAT are wrong). `offline()` makes it
 * refuse connections (the studio's computer is off), `blocked()` answers «blocked» as a register waiting for its operator.
 */
export const startAtolDriverStandIn = async () => {
  const tasks = new Map<string, DriverTask>();
  const state = { blocked: false, posts: 0, stall: 0 };
  /** Who posted each task: a page's `Origin` (a staff device), or `server` (the shop's queue sends without one). */
  const posters: string[] = [];
  /** Every request as it came and what it was answered, so a journey that sees a task posted twice can say how it came. */
  const requests: { at: number; method: string; path: string; by: string; status?: number }[] = [];
  let fiscal = 500;

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const seen: (typeof requests)[number] = { at: Date.now(), method: req.method ?? '', path: url.pathname, by: req.headers.origin ?? 'server' };
      requests.push(seen);
      res.on('finish', () => (seen.status = res.statusCode));
      // The driver answers a staff page's fetch from another origin (a device printing while the server is away).
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': 'content-type' });
        return res.end();
      }
      if (url.pathname === '/api/v2/requests' && req.method === 'POST') {
        state.posts += 1;
        posters.push(req.headers.origin ?? 'server');
        const b = await readBody(req);
        if (!isRecord(b) || typeof b.uuid !== 'string' || !Array.isArray(b.request)) return json(res, 400, { error: 'bad request' });
        if (tasks.has(b.uuid)) return json(res, 409, { error: { code: 409, description: 'Задание с таким uuid уже существует' } });
        const issue = b.request.map(taskIssue).find((x) => x) ?? null;
        tasks.set(b.uuid, issue ? { uuid: b.uuid, request: b.request, status: 'error', errorDescription: issue } : { uuid: b.uuid, request: b.request, status: 'wait' });
        // A stalled answer: the register took the task, the sender never hears so (its timeout).
        if (state.stall > 0) {
          state.stall -= 1;
          return;
        }
        return json(res, 201, {});
      }
      const m = /^\/api\/v2\/requests\/([^/]+)$/.exec(url.pathname);
      if (m && req.method === 'GET') {
        const t = tasks.get(decodeURIComponent(m[1]!));
        if (!t) return json(res, 404, { error: { code: 404, description: 'Задание не найдено' } });
        if (state.blocked) return json(res, 200, { results: [{ status: 'blocked', error: { code: 0, description: 'Закончилась бумага' }, result: null }] });
        if (t.status === 'wait') {
          fiscal += 1;
          t.status = 'ready';
          t.fiscal = { fiscalDocumentNumber: fiscal, fiscalDocumentSign: String(2_000_000_000 + fiscal), fnNumber: '7380440800000001', fiscalDocumentDateTime: new Date().toISOString() };
        }
        if (t.status === 'error') return json(res, 200, { results: [{ status: 'error', error: { code: 1, description: t.errorDescription }, result: null }] });
        if (t.status === 'canceled') return json(res, 200, { results: [{ status: 'canceled', error: { code: 0, description: 'Задание отменено' }, result: null }] });
        return json(res, 200, { results: [{ status: 'ready', error: { code: 0, description: 'Ошибок нет' }, result: { fiscalParams: t.fiscal } }] });
      }
      json(res, 404, { error: 'not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The tasks the register printed (or refused), in the order they came. */
    tasks: () => [...tasks.values()],
    posts: () => state.posts,
    posters: () => [...posters],
    /** Every request, in the order they came: when, method, path, the page's `Origin` or `server`, the status answered (none yet: unanswered). */
    requests: () => requests.map((r) => ({ ...r })),
    /** The next `n` tasks are taken but never answered (the sender times out). */
    stall: (n: number) => {
      state.stall = n;
    },
    /** A task still waiting is cancelled (the driver's `DELETE /api/v2/requests/{uuid}`, as an operator would). */
    cancel: (uuid: string) => {
      const t = tasks.get(uuid);
      if (t?.status === 'wait') t.status = 'canceled';
    },
    blocked: (on: boolean) => {
      state.blocked = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};
