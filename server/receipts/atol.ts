import { z } from 'zod';
import type { ReceiptContent } from '../../schema/studio/receipts/receipt';
import { unreachable, rub, type ProviderAnswer, type ReceiptProvider } from './provider';
import { log } from '../ops/log';

/** ATOL's answer to sell, sell_refund and report (API v5); the rest of its fields are ignored. */
const atolAnswer = z.object({
  uuid: z.string().nullish(),
  status: z.enum(['wait', 'done', 'fail']).nullish(),
  error: z.object({ code: z.number().optional(), text: z.string().optional(), type: z.string().optional() }).nullish(),
  payload: z
    .object({
      fiscal_document_attribute: z.union([z.number(), z.string()]),
      fiscal_document_number: z.union([z.number(), z.string()]),
      fn_number: z.string(),
      receipt_datetime: z.string(),
    })
    .nullish(),
});
type AtolAnswer = z.infer<typeof atolAnswer>;

/** ATOL's «a document with this external_id exists»: the document sent before, its uuid in the answer. */
const duplicate = 33;

const paymentTypes = { cash: 0, electronic: 1, prepaid: 2 } as const;

/** 'dd.mm.yyyy HH:MM:SS', Moscow time, as ATOL reads `timestamp`. */
const atolTime = (at: Date): string => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}:${p.second}`;
};

/** The body of `{group}/sell` and `{group}/sell_refund` (FFD 1.2). */
export const atolReceipt = (id: string, c: ReceiptContent, at = new Date()) => ({
  external_id: id,
  timestamp: atolTime(at),
  receipt: {
    client: c.customer,
    company: { email: c.company.email, sno: c.taxSystem, inn: c.company.inn, payment_address: c.company.paymentAddress },
    items: c.items.map((i) => ({
      name: i.name,
      price: rub(i.price),
      quantity: i.quantity,
      measure: 0,
      sum: rub(i.sum),
      payment_method: c.mode,
      payment_object: i.object === 'service' ? 4 : 1,
      vat: { type: i.vat },
    })),
    payments: [{ type: paymentTypes[c.payment], sum: rub(c.total) }],
    total: rub(c.total),
  },
});

export interface AtolReach {
  apiUrl: string;
  login: string;
  password: string;
  group: string;
  timeoutMs?: number;
}

/** ATOL Online v5: a token (24 h) from `getToken`, then `sell`/`sell_refund` and `report/{uuid}` with it. */
export const atolProvider = (s: AtolReach): ReceiptProvider => {
  let token: string | null = null;
  const timeout = () => AbortSignal.timeout(s.timeoutMs ?? 15_000);

  const getToken = async (): Promise<string> => {
    const res = await fetch(`${s.apiUrl}/getToken`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: s.login, pass: s.password }), signal: timeout() });
    const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
    if (!res.ok || typeof body?.token !== 'string') throw new Error(`ATOL getToken: ${res.status}`);
    return body.token;
  };

  /** One call with the token, a new token once on 401. */
  const call = async (path: string, body?: unknown): Promise<{ status: number; answer: AtolAnswer | null }> => {
    for (let fresh = 0; ; fresh++) {
      token ??= await getToken();
      const res = await fetch(`${s.apiUrl}/${encodeURIComponent(s.group)}/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { token, ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: timeout(),
      });
      if (res.status === 401 && fresh === 0) {
        token = null;
        continue;
      }
      const parsed = atolAnswer.safeParse(await res.json().catch(() => null));
      return { status: res.status, answer: parsed.success ? parsed.data : null };
    }
  };

  const outcome = (status: number, a: AtolAnswer | null, what: string): ProviderAnswer | { kind: 'wait' } => {
    if (status >= 500 || !a) return { kind: 'retry', reason: `касса ответила ошибкой ${status}` };
    // The document sent before under this external_id (its answer lost): ATOL names it, whatever `status` says with it.
    if (a.error?.code === duplicate && a.uuid) return what === 'report' ? { kind: 'wait' } : { kind: 'sent', uuid: a.uuid };
    if (a.error && a.error.code !== duplicate) {
      log.warn({ status, code: a.error.code, type: a.error.type }, `ATOL ${what} refused`);
      // An answer about our data (type «agent» or a 4xx) is final; the provider's own trouble is tried again.
      if (a.error.type === 'system' && status >= 500) return { kind: 'retry', reason: a.error.text ?? 'ошибка кассы' };
      // A refused request leaves no document (ATOL's error catalogue: «Документ не был зарегистрирован в сервисе… повторить
      // запрос с тем же или новым external_id»); a document that failed after it was taken keeps its external_id.
      const reason = `касса отказала: ${a.error.text ?? `код ${a.error.code ?? status}`}`;
      return what === 'send' ? { kind: 'refused', reason, noDocument: true } : { kind: 'refused', reason };
    }
    if (a.status === 'fail') return { kind: 'refused', reason: 'касса отказала без причины' };
    if (a.status === 'done' && a.payload && a.uuid)
      return {
        kind: 'registered',
        uuid: a.uuid,
        fiscal: { sign: String(a.payload.fiscal_document_attribute), fn: a.payload.fn_number, number: String(a.payload.fiscal_document_number), at: a.payload.receipt_datetime },
      };
    if (a.uuid) return what === 'report' ? { kind: 'wait' } : { kind: 'sent', uuid: a.uuid };
    return { kind: 'retry', reason: 'касса не назвала документ' };
  };

  return {
    name: 'АТОЛ Онлайн',
    async send(id, content) {
      try {
        const { status, answer } = await call(content.kind === 'refund' ? 'sell_refund' : 'sell', atolReceipt(id, content));
        const o = outcome(status, answer, 'send');
        return o.kind === 'wait' ? { kind: 'retry', reason: 'касса не назвала документ' } : o;
      } catch (e) {
        return unreachable(e);
      }
    },
    async report(uuid) {
      try {
        const { status, answer } = await call(`report/${encodeURIComponent(uuid)}`);
        return outcome(status, answer, 'report');
      } catch (e) {
        return unreachable(e);
      }
    },
  };
};
