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
