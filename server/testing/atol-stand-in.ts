import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A document as the stand-in keeps it. */
interface StandInDoc {
  uuid: string;
  externalId: string;
  operation: 'sell' | 'sell_refund';
  total: number;
  body: unknown;
  polls: number;
  /** Failed in the register after it was taken (`failTaken`): its report says why, and its external_id stays taken. */
  failed?: string;
}

type Trouble = 'timeout' | '5xx';

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

const vats = new Set(['none', 'vat0', 'vat5', 'vat7', 'vat10', 'vat20', 'vat105', 'vat107', 'vat110', 'vat120']);
const cents = (x: unknown) => Math.round(Number(x) * 100);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A stand-in for ATOL Online v5 written from its public API description (https://online.atol.ru/files/API_atol_online_v5.pdf):
 * `POST /possystem/v5/getToken`, `POST /{group}/sell|sell_refund` with the `Token` header, `GET /{group}/report/{uuid}`,
 * FFD 1.2 receipts. It dedupes by `external_id` (error 33 with the first document's uuid), refuses a receipt whose
 * sums disagree or whose VAT it does not know (as ATOL does, with `error.type` «agent»), registers a document at its
 * first poll, and on demand times out or answers 500 for the next calls (`trouble`) or refuses a VAT (`refuseVat`).
 */
export const startAtolStandIn = async (login = 'test-login', password = 'test-pass', group = 'test-group') => {
  const docs = new Map<string, StandInDoc>();
  const byExternal = new Map<string, string>();
  const tokens = new Set<string>();
  const state = { base: '', trouble: [] as Trouble[], refusedVat: '' as string, sells: 0, hangMs: 2000, holding: false, failTaken: '', sellRequests: 0 };
  let fiscal = 1000;

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace(/^\/possystem\/v5/, '');
      if (path === '/getToken' && req.method === 'POST') {
        const b = await readBody(req);
        if (!isRecord(b) || b.login !== login || b.pass !== password) return json(res, 401, { error: { code: 12, text: 'Неверный логин или пароль', type: 'agent' }, token: '' });
        const token = crypto.randomUUID();
        tokens.add(token);
        return json(res, 200, { error: null, token, timestamp: new Date().toISOString() });
      }
      const m = /^\/([^/]+)\/(sell|sell_refund|report)(?:\/([^/]+))?$/.exec(path);
      if (!m) return json(res, 404, { error: { code: 404, text: 'Не найдено', type: 'system' } });
      if (decodeURIComponent(m[1]!) !== group) return json(res, 400, { error: { code: 20, text: 'Неверная группа ККТ', type: 'agent' } });
      const token = req.headers.token;
      if (typeof token !== 'string' || !tokens.has(token)) return json(res, 401, { error: { code: 11, text: 'Токен недействителен', type: 'agent' } });
      const trouble = state.trouble.shift();
      if (trouble === 'timeout') {
        await new Promise((r) => setTimeout(r, state.hangMs));
        if (res.destroyed || req.destroyed) return;
      }
      if (trouble === '5xx') return json(res, 500, { error: { code: 1, text: 'Внутренняя ошибка', type: 'system' } });
      if (m[2] === 'report') {
        const d = docs.get(decodeURIComponent(m[3] ?? ''));
        if (!d) return json(res, 400, { error: { code: 34, text: 'Документ не найден', type: 'agent' }, status: 'fail' });
        d.polls++;
        if (d.failed) return json(res, 200, { uuid: d.uuid, status: 'fail', error: { code: 1, text: d.failed, type: 'timeout' }, payload: null, group_code: group, external_id: d.externalId });
        if (state.holding) return json(res, 200, { uuid: d.uuid, status: 'wait', error: null, payload: null, group_code: group, external_id: d.externalId });
        return json(res, 200, {
          uuid: d.uuid,
          status: 'done',
          error: null,
          payload: { total: d.total / 100, fns_site: 'www.nalog.gov.ru', fn_number: '9999078900004792', shift_number: 1, receipt_datetime: '28.11.2026 12:00:00', fiscal_receipt_number: fiscal, fiscal_document_number: fiscal, ecr_registration_number: '0000000001002292', fiscal_document_attribute: 3000000000 + fiscal++ },
          group_code: group,
          external_id: d.externalId,
        });
      }
      if (req.method !== 'POST') return json(res, 405, {});
      state.sellRequests++;
      const b = await readBody(req);
      const receipt = isRecord(b) && isRecord(b.receipt) ? b.receipt : null;
      const externalId = isRecord(b) && typeof b.external_id === 'string' ? b.external_id : '';
      if (!receipt || !externalId) return json(res, 400, { error: { code: 32, text: 'Ошибка валидации JSON', type: 'agent' }, status: 'fail' });
      const known = byExternal.get(externalId);
      if (known) return json(res, 200, { uuid: known, status: 'fail', error: { code: 33, text: `В системе существует чек с external_id : ${externalId} и group_code: ${group}`, type: 'system' } });
      const items = Array.isArray(receipt.items) ? receipt.items.filter(isRecord) : [];
      const payments = Array.isArray(receipt.payments) ? receipt.payments.filter(isRecord) : [];
      const total = cents(receipt.total);
      const badVat = items.find((i) => !isRecord(i.vat) || !vats.has(String(i.vat.type)) || i.vat.type === state.refusedVat);
      if (badVat) return json(res, 400, { error: { code: 32, text: 'Неверная ставка НДС', type: 'agent' }, status: 'fail' });
      const itemsSum = items.reduce((s, i) => s + cents(i.sum), 0);
      const lineIssue = items.some((i) => Math.abs(cents(i.price) * Number(i.quantity) - cents(i.sum)) > 1);
      if (lineIssue || itemsSum !== total || payments.reduce((s, p) => s + cents(p.sum), 0) !== total)
        return json(res, 400, { error: { code: 32, text: 'Сумма позиций не совпадает с итогом чека', type: 'agent' }, status: 'fail' });
      const uuid = crypto.randomUUID();
      docs.set(uuid, { uuid, externalId, operation: m[2] as StandInDoc['operation'], total, body: b, polls: 0, ...(state.failTaken ? { failed: state.failTaken } : {}) });
      byExternal.set(externalId, uuid);
      state.sells++;
      return json(res, 200, { uuid, status: 'wait', error: null, timestamp: new Date().toISOString() });
    })().catch(() => json(res, 500, {}));
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((r) => server.once('listening', () => r()));
  const port = (server.address() as AddressInfo).port;
  state.base = `http://127.0.0.1:${port}`;
  return {
    apiUrl: `${state.base}/possystem/v5`,
    login,
    password,
    group,
    /** The next calls (after getToken) time out (hang `hangMs`) or answer 500, in this order. */
    trouble(...next: Trouble[]) {
      state.trouble.push(...next);
    },
    hangFor(ms: number) {
      state.hangMs = ms;
    },
    refuseVat(vat: string) {
      state.refusedVat = vat;
    },
    /** While on, every document taken stays «wait» at its report (the register has not printed it yet). */
    holdReports(on: boolean) {
      state.holding = on;
    },
    /** Documents taken from now on fail in the register with `text` ('' stops it), as ATOL's queue timeout does. */
    failTaken(text: string) {
      state.failTaken = text;
    },
    /** Every request to sell or sell_refund, taken or not. */
    sellRequests: () => state.sellRequests,
    /** Documents registered, by external_id: what the tax service would hold. */
    documents: () => [...docs.values()].map((d) => ({ externalId: d.externalId, operation: d.operation, total: d.total, body: d.body })),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};
