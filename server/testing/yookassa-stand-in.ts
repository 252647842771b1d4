import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A payment as the stand-in keeps it: the fields of YooKassa's API v3 «Объект платежа» the shop reads, and a few more. */
interface StandInPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  /** Present when the payment carried a receipt (YooKassa's 54-FZ solution): where its registration stands. */
  receipt_registration?: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  description?: string;
  metadata?: Record<string, string>;
  payment_method: { type: string; id: string; saved: boolean };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  test: true;
}

interface ReceiptBody {
  customer?: { phone?: string; email?: string };
  items?: { description?: string; quantity: string; amount: { value: string }; vat_code: number; payment_subject?: string; payment_mode?: string }[];
  tax_system_code?: number;
}
const kop = (v: string) => Math.round(Number(v) * 100);
/**
 * What YooKassa checks of a receipt (its API reference, «Объект чека»): lines whose sum is `total`, each with a VAT
 * code it knows (1–12), a payment subject and mode, and the buyer's phone or email. The error's description, or null.
 */
const receiptError = (r: ReceiptBody, total: number): { parameter: string; description: string } | null => {
  const items = r.items ?? [];
  if (!r.customer?.phone && !r.customer?.email) return { parameter: 'receipt.customer', description: 'Укажите телефон или email покупателя' };
  if (!items.length) return { parameter: 'receipt.items', description: 'В чеке нет позиций' };
  if (items.some((i) => !(Number.isInteger(i.vat_code) && i.vat_code >= 1 && i.vat_code <= 12))) return { parameter: 'receipt.items.vat_code', description: 'Неверная ставка НДС' };
  if (items.some((i) => !i.payment_subject || !i.payment_mode || !i.description)) return { parameter: 'receipt.items', description: 'У позиции нет названия, предмета или способа расчёта' };
  const sum = items.reduce((t, i) => t + Math.round(kop(i.amount.value) * Number(i.quantity)), 0);
  if (sum !== total) return { parameter: 'receipt.items.amount', description: 'Сумма позиций не совпадает с суммой платежа' };
  return null;
};

/** A refund as the stand-in keeps it: YooKassa's API v3 «Объект возврата». */
interface StandInRefund {
  id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  payment_id: string;
  description?: string;
  created_at: string;
  cancellation_details?: { party: string; reason: string };
}
/**
 * What goes wrong with the next refund requests, one each: made but answered 500, made but answered too late,
 * cancelled by YooKassa, or made `pending` (as YooKassa answers a refund it has not finished: `finishRefund` ends it).
 */
export type RefundTrouble = '5xx' | 'timeout' | 'cancel' | 'pending';

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = async (req: http.IncomingMessage): Promise<string> => {
  req.setEncoding('utf8');
  let text = '';
  for await (const c of req) text += String(c);
  return text;
};

/**
 * A stand-in for YooKassa written from its public API description (https://yookassa.ru/developers/api): `POST
 * /v3/payments` with Basic auth and an Idempotence-Key (the same key answers the same payment), `GET
 * /v3/payments/{id}`, a confirmation page where the «customer» pays or cancels and is sent to `return_url`, and
 * notifications POSTed to the shop (`notifyUrl`) as YooKassa sends them — on demand also twice or out of order.
 */
export const startYookassaStandIn = async (shopId = 'test-shop', secretKey = 'test_secret') => {
  const payments = new Map<string, StandInPayment>();
  const byKey = new Map<string, string>();
  /** Receipts (POST /v3/receipts), by id and by Idempotence-Key: a resend with the same key answers the same receipt. */
  const receipts = new Map<string, { id: string; type: string; status: string; items: unknown[]; payment_id?: string; refund_id?: string }>();
  /** Receipts that came inside a payment (`receipt` of POST /v3/payments), made when the payment succeeds. */
  const paymentReceipts = new Map<string, ReceiptBody>();
  const receiptsByKey = new Map<string, string>();
  /** Every POST /v3/receipts as it came (key and body), answered or refused. */
  const receiptRequests: { key: string; body: unknown }[] = [];
  const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const state = { notifyUrl: '', notifyTimes: 1, base: '', lateMs: 1500, paymentsAway: false };
  /** Refunds (POST /v3/refunds) by id and by Idempotence-Key; every request as it came (key and body). */
  const refunds = new Map<string, StandInRefund>();
  const refundsByKey = new Map<string, string>();
  const refundRequests: { key: string; body: unknown }[] = [];
  const refundTrouble: RefundTrouble[] = [];
  /** The receipts pending refunds carry, made when the refund succeeds. */
  const pendingRefundReceipts = new Map<string, ReceiptBody>();
  const sent: { event: string; id: string; status: number }[] = [];

  const notify = async (id: string, event = `payment.${payments.get(id)?.status ?? 'succeeded'}`): Promise<number> => {
    const object = payments.get(id) ?? { id };
    const res = await fetch(state.notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'notification', event, object }) });
    await res.text();
    sent.push({ event, id, status: res.status });
    return res.status;
  };

  const register = (type: string, body: object, key?: string) => {
    const id = crypto.randomUUID();
    const n = receipts.size + 1;
    const r = { id, type, status: 'succeeded', fiscal_document_number: String(3000 + n), fiscal_storage_number: '9288000100115785', fiscal_attribute: String(2617603921 + n), registered_at: new Date().toISOString(), items: [], ...body };
    receipts.set(id, r);
    if (key) receiptsByKey.set(key, id);
    return r;
  };

  const settle = async (id: string, status: 'succeeded' | 'canceled') => {
    const p = payments.get(id);
    if (!p || p.status !== 'pending') return p;
    p.status = status;
    p.paid = status === 'succeeded';
    // The payment's receipt is registered with it (YooKassa sends it to the register when the payment succeeds).
    const inside = paymentReceipts.get(id);
    if (inside && status === 'succeeded') {
      register('payment', { ...inside, payment_id: id, settlements: [{ type: 'cashless', amount: p.amount }] });
      p.receipt_registration = 'succeeded';
    }
    if (inside && status === 'canceled') p.receipt_registration = 'canceled';
    if (state.notifyUrl) for (let i = 0; i < state.notifyTimes; i++) await notify(id);
    return p;
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', state.base);
      const receiptApi = /^\/v3\/receipts(?:\/([^/]+))?$/.exec(url.pathname);
      if (receiptApi) {
        if (req.headers.authorization !== expected) return json(res, 401, { type: 'error', code: 'invalid_credentials', description: 'Authentication failed' });
        if (req.method === 'GET' && !receiptApi[1]) {
          const payment = url.searchParams.get('payment_id');
          const refund = url.searchParams.get('refund_id');
          return json(res, 200, { type: 'list', items: [...receipts.values()].filter((r) => (!payment || r.payment_id === payment) && (!refund || r.refund_id === refund)) });
        }
        if (req.method === 'GET' && receiptApi[1]) {
          const r = receipts.get(decodeURIComponent(receiptApi[1]));
          return r ? json(res, 200, r) : json(res, 404, { type: 'error', code: 'not_found', description: 'Receipt not found' });
        }
        if (req.method !== 'POST' || receiptApi[1]) return json(res, 405, { type: 'error', code: 'method_not_allowed' });
        const key = req.headers['idempotence-key'];
        if (typeof key !== 'string' || !key) return json(res, 400, { type: 'error', code: 'invalid_request', description: 'Idempotence-Key header is required' });
        const body = JSON.parse(await readBody(req)) as ReceiptBody & { type?: string; payment_id?: string; refund_id?: string; settlements?: { amount: { value: string } }[] };
        receiptRequests.push({ key, body });
        const known = receiptsByKey.get(key);
        if (known) return json(res, 200, receipts.get(known));
        // YooKassa fiscalises only money that went through it (its docs «Чеки при платежах», «Создание чека»): a
        // receipt names the payment or the refund it belongs to, else the request is refused.
        if (!body.payment_id && !body.refund_id)
          return json(res, 400, { type: 'error', code: 'invalid_request', parameter: 'payment_id', description: 'Specify payment_id or refund_id: a receipt is made for a payment or a refund' });
        const settled = (body.settlements ?? []).reduce((t, x) => t + kop(x.amount.value), 0);
        const wrong = receiptError(body, settled);
        if (wrong) return json(res, 400, { type: 'error', code: 'invalid_request', ...wrong });
        const r = register(body.type ?? 'payment', body, key);
        return json(res, 200, r);
      }
      const refundApi = /^\/v3\/refunds(?:\/([^/]+))?$/.exec(url.pathname);
      if (refundApi) {
        if (req.headers.authorization !== expected) return json(res, 401, { type: 'error', code: 'invalid_credentials', description: 'Authentication failed' });
        if (req.method === 'GET' && refundApi[1]) {
          const r = refunds.get(decodeURIComponent(refundApi[1]));
          return r ? json(res, 200, r) : json(res, 404, { type: 'error', code: 'not_found', description: 'Refund not found' });
        }
        if (req.method !== 'POST' || refundApi[1]) return json(res, 405, { type: 'error', code: 'method_not_allowed' });
        const key = req.headers['idempotence-key'];
        if (typeof key !== 'string' || !key || key.length > 64) return json(res, 400, { type: 'error', code: 'invalid_request', description: 'Idempotence-Key header is required (at most 64 characters)' });
        const body = JSON.parse(await readBody(req)) as { payment_id?: string; amount?: { value?: string; currency?: string }; description?: string; receipt?: ReceiptBody };
        refundRequests.push({ key, body });
        const trouble = refundTrouble.shift();
        const known = refundsByKey.get(key);
        let r = known ? refunds.get(known) : undefined;
        if (!r) {
          const p = payments.get(body.payment_id ?? '');
          if (!p) return json(res, 400, { type: 'error', code: 'invalid_request', parameter: 'payment_id', description: 'Payment not found' });
          if (p.status !== 'succeeded') return json(res, 400, { type: 'error', code: 'invalid_request', parameter: 'payment_id', description: 'Payment is not in succeeded status' });
          if (!/^\d+\.\d{2}$/.test(body.amount?.value ?? '') || body.amount?.currency !== p.amount.currency) return json(res, 400, { type: 'error', code: 'invalid_request', parameter: 'amount' });
          const refunded = [...refunds.values()].filter((x) => x.payment_id === p.id && x.status !== 'canceled').reduce((t, x) => t + kop(x.amount.value), 0);
          if (refunded + kop(body.amount!.value!) > kop(p.amount.value))
            return json(res, 400, { type: 'error', code: 'invalid_request', parameter: 'amount.value', description: 'Refund amount exceeds the amount available for refund' });
          if (body.receipt) {
            const wrong = receiptError(body.receipt, kop(body.amount!.value!));
            if (wrong) return json(res, 400, { type: 'error', code: 'invalid_request', ...wrong });
          }
          const id = crypto.randomUUID();
          r = {
            id,
            status: trouble === 'cancel' ? 'canceled' : trouble === 'pending' ? 'pending' : 'succeeded',
            amount: { value: body.amount!.value!, currency: p.amount.currency },
            payment_id: p.id,
            ...(body.description ? { description: body.description } : {}),
            created_at: new Date().toISOString(),
            ...(trouble === 'cancel' ? { cancellation_details: { party: 'yoo_money', reason: 'insufficient_funds' } } : {}),
          };
          refunds.set(id, r);
          refundsByKey.set(key, id);
          if (body.receipt && r.status === 'succeeded') register('refund', { ...body.receipt, payment_id: p.id, refund_id: id, settlements: [{ type: 'cashless', amount: r.amount }] });
          if (body.receipt && r.status === 'pending') pendingRefundReceipts.set(id, body.receipt);
        }
        // Made, but the answer is lost: a 500, or an answer later than the shop waits.
        if (trouble === '5xx') return json(res, 500, { type: 'error', code: 'internal_server_error', description: 'Internal server error' });
        if (trouble === 'timeout') await new Promise((done) => setTimeout(done, state.lateMs));
        return json(res, 200, r);
      }
      const api = /^\/v3\/payments(?:\/([^/]+))?$/.exec(url.pathname);
      if (api) {
        if (req.headers.authorization !== expected) return json(res, 401, { type: 'error', code: 'invalid_credentials', description: 'Authentication failed' });
        if (state.paymentsAway) return json(res, 503, { type: 'error', code: 'internal_server_error', description: 'Service unavailable' });
        if (req.method === 'POST' && !api[1]) {
          const key = req.headers['idempotence-key'];
          if (typeof key !== 'string' || !key) return json(res, 400, { type: 'error', code: 'invalid_request', description: 'Idempotence-Key header is required' });
          const known = byKey.get(key);
          if (known) return json(res, 200, payments.get(known));
          const body = JSON.parse(await readBody(req)) as { amount: StandInPayment['amount']; confirmation: { return_url: string }; description?: string; metadata?: Record<string, string>; payment_method_data?: { type: string }; receipt?: ReceiptBody };
          if (!/^\d+\.\d{2}$/.test(body.amount?.value ?? '')) return json(res, 400, { type: 'error', code: 'invalid_request', parameter: 'amount.value' });
          if (body.receipt) {
            const wrong = receiptError(body.receipt, kop(body.amount.value));
            if (wrong) return json(res, 400, { type: 'error', code: 'invalid_request', ...wrong });
          }
          const id = crypto.randomUUID();
          const p: StandInPayment = {
            id,
            status: 'pending',
            paid: false,
            amount: body.amount,
            description: body.description,
            metadata: body.metadata,
            payment_method: { type: body.payment_method_data?.type ?? 'bank_card', id, saved: false },
            confirmation: { type: 'redirect', confirmation_url: `${state.base}/checkout/${id}`, return_url: body.confirmation.return_url },
            created_at: new Date().toISOString(),
            test: true,
          };
          payments.set(id, p);
          byKey.set(key, id);
          if (body.receipt) {
            paymentReceipts.set(id, body.receipt);
            p.receipt_registration = 'pending';
          }
          return json(res, 200, p);
        }
        if (req.method === 'GET' && api[1]) {
          const p = payments.get(decodeURIComponent(api[1]));
          return p ? json(res, 200, p) : json(res, 404, { type: 'error', code: 'not_found', description: 'Payment not found' });
        }
        return json(res, 405, { type: 'error', code: 'method_not_allowed' });
      }
      if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
      const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
      const p = page && payments.get(page[1]);
      if (!page || !p) return json(res, 404, { error: 'not found' });
      if (req.method === 'POST' && page[2]) {
        await settle(p.id, page[2] === 'pay' ? 'succeeded' : 'canceled');
        res.writeHead(303, { location: p.confirmation.return_url });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="ru"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>ЮKassa (stand-in)</title>
<p role="note"><strong>Тестовая оплата — деньги не списываются</strong></p>
<h1>Оплата ${p.amount.value} ₽</h1><p>${p.description ?? ''} · ${p.payment_method.type}</p>
<form method="post" action="/checkout/${p.id}/pay"><button>Оплатить</button></form>
<form method="post" action="/checkout/${p.id}/cancel"><button>Отказаться</button></form>`);
    })().catch((e: Error) => json(res, 500, { error: e.message }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: state.base,
    apiUrl: `${state.base}/v3`,
    shopId,
    secretKey,
    payments,
    receipts,
    /** Refunds made, by id; every refund request with its Idempotence-Key and body. */
    refunds,
    refundRequests,
    /** The next refund requests go wrong, one each, in this order. */
    troubleRefunds(...t: RefundTrouble[]) {
      refundTrouble.push(...t);
    },
    /** A pending refund ends as YooKassa ends one: succeeded (its refund receipt made, if it carried one) or canceled. */
    finishRefund(id: string, status: 'succeeded' | 'canceled' = 'succeeded') {
      const r = refunds.get(id);
      if (!r || r.status !== 'pending') throw new Error(`refund ${id} is not pending`);
      r.status = status;
      if (status === 'canceled') r.cancellation_details = { party: 'yoo_money', reason: 'insufficient_funds' };
      const receipt = pendingRefundReceipts.get(id);
      pendingRefundReceipts.delete(id);
      if (receipt && status === 'succeeded') register('refund', { ...receipt, payment_id: r.payment_id, refund_id: id, settlements: [{ type: 'cashless', amount: r.amount }] });
    },
    /** Every POST /v3/receipts with its Idempotence-Key and body, refused ones too. */
    receiptRequests,
    /** The receipts payments carried, by payment (as the shop sent them). */
    paymentReceipts,
    /** Notifications sent, with the shop's answers. */
    sent,
    /** Where notifications go (the shop's /api/payments/notification) and how many times each is sent. */
    notifyTo(url: string, times = 1) {
      state.notifyUrl = url;
      state.notifyTimes = times;
    },
    /** While set, the payments API answers 503 (YooKassa away); the confirmation pages still work. */
    paymentsAway(away: boolean) {
      state.paymentsAway = away;
    },
    pay: (id: string) => settle(id, 'succeeded'),
    cancel: (id: string) => settle(id, 'canceled'),
    /** Sends a notification for the payment as it is now, or with another event named (an out-of-order one). */
    notify,
    /** A payment made straight at the API (e.g. of another amount than the order's), as another client of the shop's account could. */
    async create(body: object, key = crypto.randomUUID()): Promise<StandInPayment> {
      const res = await fetch(`${state.base}/v3/payments`, { method: 'POST', headers: { authorization: expected, 'idempotence-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return (await res.json()) as StandInPayment;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
};
export type YookassaStandIn = Awaited<ReturnType<typeof startYookassaStandIn>>;
