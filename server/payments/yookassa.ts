import { z } from 'zod';
import type { OnlineMethod } from '../../schema/shop/online-payment';
import type { YookassaSettings } from '../config';
import { HttpError } from '../http/errors';
import { orderTitle } from '../../schema/studio/orders/order-number';
import { log } from '../ops/log';

/** A payment's id as YooKassa makes them (a UUID-like string); anything else is never sent on to the API. */
const providerPaymentId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** What the shop reads of a payment (API v3 «Объект платежа»); other fields are the provider's and ignored. */
const providerPayment = z.object({
  id: providerPaymentId,
  status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']),
  amount: z.object({ value: z.string(), currency: z.string() }),
  confirmation: z.object({ type: z.string(), confirmation_url: z.string().url().optional() }).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  /** Present when the payment carried its receipt (YooKassa's 54-FZ solution): the receipt is YooKassa's to register. */
  receipt_registration: z.enum(['pending', 'succeeded', 'canceled']).optional(),
});
export type ProviderPayment = z.infer<typeof providerPayment>;

/**
 * A notification (webhook) as YooKassa posts it. It is not signed: only `object.id` is taken from it, and the
 * payment is read again from the API before anything is marked.
 */
export const providerNotification = z.object({
  type: z.literal('notification'),
  event: z.string().max(64),
  object: z.object({ id: providerPaymentId, metadata: z.object({ orderId: z.string().max(64).optional() }).optional() }),
});

/** What the shop reads of a refund (API v3 «Объект возврата»). */
const providerRefund = z.object({
  id: z.string().min(1).max(64),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: z.object({ value: z.string(), currency: z.string() }),
  payment_id: z.string(),
  cancellation_details: z.object({ party: z.string().optional(), reason: z.string().optional() }).optional(),
});

/** YooKassa's reasons a refund is cancelled (its «cancellation_details.reason»), in Russian. */
const refundCancelReasons: Record<string, string> = {
  insufficient_funds: 'на балансе магазина в ЮKassa не хватает денег',
  rejected_by_payee: 'эмитент карты отклонил возврат',
  rejected_by_timeout: 'банк не ответил вовремя',
  yoo_money_account_closed: 'кошелёк ЮMoney покупателя закрыт',
  payment_basket_id_not_found: 'платёж не найден у банка',
  payment_article_number_not_found: 'платёж не найден у банка',
  payment_tru_code_not_found: 'платёж не найден у банка',
  too_many_refunding_articles: 'слишком много позиций в возврате',
  some_articles_already_refunded: 'часть товаров уже возвращена',
  general_decline: 'ЮKassa отклонила возврат',
};

/** What a refund request or read came to: the refund as YooKassa has it, a refusal in Russian, or «try again later». */
export type RefundAnswer =
  | { kind: 'pending'; id: string }
  | { kind: 'succeeded'; id: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'retry'; reason: string };

export interface NewRefund {
  /** Idempotence-Key: derived from the shop's refund id, so a retried request never refunds twice. */
  key: string;
  payment: string;
  /** Roubles. */
  amount: number;
  description: string;
  /** The refund receipt (YooKassa as the receipts provider): «Объект чека» without settlements. */
  receipt?: object;
}

interface NewPayment {
  /** YooKassa's Idempotence-Key: the same key answers the same payment, so a retried request never makes two. */
  key: string;
  orderId: string;
  number: number;
  amount: string;
  method: OnlineMethod;
  returnUrl: string;
  /** The receipt sent inside the payment (YooKassa as the receipts provider): «Объект чека» without settlements. */
  receipt?: object;
}

/** A refund call's answer as the shop reads it; never throws. */
const refundAnswer = async (request: () => Promise<Response>, what: string): Promise<RefundAnswer> => {
  let res: Response;
  try {
    res = await request();
  } catch (e) {
    const late = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    log.warn(`yookassa ${what}: ${late ? 'no answer in time' : 'unreachable'}`);
    return { kind: 'retry', reason: late ? 'ЮKassa не ответила вовремя' : 'ЮKassa недоступна' };
  }
  if (res.status >= 500 || res.status === 429) {
    await res.text().catch(() => '');
    return { kind: 'retry', reason: `ЮKassa ответила ошибкой ${res.status}` };
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const why = z.object({ description: z.string().max(500) }).safeParse(body);
    log.error({ status: res.status }, `yookassa ${what} refused`);
    return { kind: 'refused', reason: `ЮKassa отказала: ${why.success ? why.data.description : `код ${res.status}`}` };
  }
  const parsed = providerRefund.safeParse(body);
  if (!parsed.success) return { kind: 'retry', reason: 'ЮKassa ответила непонятно' };
  const r = parsed.data;
  if (r.status === 'canceled') {
    const reason = r.cancellation_details?.reason;
    return { kind: 'refused', reason: `ЮKassa отменила возврат: ${(reason && refundCancelReasons[reason]) ?? reason ?? 'причина не названа'}` };
  }
  return { kind: r.status, id: r.id };
};

const unavailable = () => new HttpError(502, 'Платёжный сервис не отвечает — попробуйте ещё раз через минуту или выберите оплату при получении');

/** YooKassa's HTTP API v3: create a payment, read one. Basic auth `shopId:secretKey`. */
export const yookassa = (settings: YookassaSettings) => {
  const auth = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString('base64')}`;

  const send = async (path: string, init: { method: 'GET' | 'POST'; body?: unknown; key?: string }): Promise<Response> => {
    try {
      return await fetch(settings.apiUrl + path, {
        method: init.method,
        headers: { authorization: auth, ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.key ? { 'idempotence-key': init.key } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (e) {
      log.error({ err: e }, `yookassa ${init.method} ${path} failed`);
      throw unavailable();
    }
  };

  const paymentOf = async (res: Response, what: string): Promise<ProviderPayment> => {
    const parsed = providerPayment.safeParse(await res.json().catch(() => null));
    if (!parsed.success) {
      log.error(`yookassa ${what}: answer does not parse`);
      throw unavailable();
    }
    return parsed.data;
  };

  return {
    async create(p: NewPayment): Promise<ProviderPayment> {
      const res = await send('/payments', {
        method: 'POST',
        key: p.key,
        body: {
          amount: { value: p.amount, currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: p.returnUrl },
          description: orderTitle(p.number),
          metadata: { orderId: p.orderId },
          payment_method_data: { type: p.method },
          ...(p.receipt ? { receipt: p.receipt } : {}),
        },
      });
      if (!res.ok) {
        log.error({ status: res.status, answer: (await res.text()).slice(0, 300) }, `yookassa create for ${p.orderId} refused`);
        throw unavailable();
      }
      return paymentOf(res, `create for ${p.orderId}`);
    },

    /**
     * `POST /v3/refunds` (issue 30): a refund of `amount` roubles of the payment. A timeout or a 5xx is «retry»: the
     * same key sent again answers the refund YooKassa made the first time, if it made one.
     */
    async refund(r: NewRefund, timeoutMs = 15_000): Promise<RefundAnswer> {
      return refundAnswer(
        () =>
          fetch(`${settings.apiUrl}/refunds`, {
            method: 'POST',
            headers: { authorization: auth, 'content-type': 'application/json', 'idempotence-key': r.key },
            body: JSON.stringify({
              payment_id: r.payment,
              amount: { value: r.amount.toFixed(2), currency: 'RUB' },
              description: r.description,
              ...(r.receipt ? { receipt: r.receipt } : {}),
            }),
            signal: AbortSignal.timeout(timeoutMs),
          }),
        `refund of ${r.payment}`,
      );
    },

    /** `GET /v3/refunds/{id}`: a pending refund as YooKassa has it now. */
    async refundState(id: string, timeoutMs = 15_000): Promise<RefundAnswer> {
      return refundAnswer(() => fetch(`${settings.apiUrl}/refunds/${encodeURIComponent(id)}`, { headers: { authorization: auth }, signal: AbortSignal.timeout(timeoutMs) }), `refund ${id}`);
    },

    /** The payment as the provider has it now, or null when it does not know the id. */
    async get(id: string): Promise<ProviderPayment | null> {
      if (!providerPaymentId.safeParse(id).success) return null;
      const res = await send(`/payments/${encodeURIComponent(id)}`, { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok) {
        log.error({ status: res.status }, `yookassa get ${id} refused`);
        throw unavailable();
      }
      return paymentOf(res, `get ${id}`);
    },
  };
};
