import crypto from 'node:crypto';
import { z } from 'zod';
import { taxSystem, yookassaVat, type ReceiptContent } from '../../schema/studio/receipts/receipt';
import type { YookassaSettings } from '../config';
import { unreachable, rub, type ProviderAnswer, type ReceiptProvider } from './provider';

/** YooKassa's «Объект чека» as far as the shop reads it. */
const ykReceipt = z.object({
  id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  fiscal_document_number: z.string().optional(),
  fiscal_storage_number: z.string().optional(),
  fiscal_attribute: z.string().optional(),
  registered_at: z.string().optional(),
});

/** YooKassa's settlement types: a prepayment counted now, or money that came by card/online, or cash. */
const settlementTypes = { prepaid: 'prepayment', electronic: 'cashless', cash: 'cashless' } as const;

/**
 * The receipt's part YooKassa's payment object and its receipts share: the buyer's phone (digits) or email, the lines
 * (each with its VAT code, subject and payment mode), the tax system.
 */
export const yookassaReceiptPart = (c: ReceiptContent) => ({
  customer: 'phone' in c.customer ? { phone: c.customer.phone.replace(/^\+/, '') } : { email: c.customer.email },
  items: c.items.map((i) => ({
    description: i.name,
    quantity: i.quantity.toFixed(2),
    amount: { value: rub(i.price).toFixed(2), currency: 'RUB' },
    vat_code: yookassaVat[i.vat],
    payment_subject: i.object,
    payment_mode: c.mode,
  })),
  tax_system_code: taxSystem.options.indexOf(c.taxSystem) + 1,
});

/** The body of POST /v3/receipts (a receipt apart from a payment: the settlement and the refund receipts). */
export const yookassaReceipt = (c: ReceiptContent) => {
  const { customer, items, tax_system_code } = yookassaReceiptPart(c);
  return {
    type: c.kind === 'refund' ? 'refund' : 'payment',
    ...(c.providerPayment ? { payment_id: c.providerPayment } : {}),
    customer,
    items,
    settlements: [{ type: settlementTypes[c.payment], amount: { value: rub(c.total).toFixed(2), currency: 'RUB' } }],
    tax_system_code,
    send: true,
  };
};

/** YooKassa's receipts API (v3): POST /receipts with the receipt's id as Idempotence-Key, GET /receipts/{id}. */
export const yookassaReceipts = (s: YookassaSettings, timeoutMs = 15_000): ReceiptProvider => {
  const auth = `Basic ${Buffer.from(`${s.shopId}:${s.secretKey}`).toString('base64')}`;
  /** `posted`: the answer to POST /receipts, whose refusal made no receipt object (it may go again under its key). */
  const answerOf = async (res: Response, posted = false): Promise<ProviderAnswer> => {
    if (res.status >= 500) return { kind: 'retry', reason: `ЮKassa ответила ошибкой ${res.status}` };
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const why = z.object({ description: z.string() }).safeParse(body);
      const reason = `ЮKassa отказала: ${why.success ? why.data.description : `код ${res.status}`}`;
      return posted ? { kind: 'refused', reason, noDocument: true } : { kind: 'refused', reason };
    }
    const r = ykReceipt.safeParse(body);
    if (!r.success) return { kind: 'retry', reason: 'ЮKassa ответила непонятно' };
    if (r.data.status === 'canceled') return { kind: 'refused', reason: 'ЮKassa не зарегистрировала чек' };
    if (r.data.status === 'succeeded')
      return { kind: 'registered', uuid: r.data.id, fiscal: { sign: r.data.fiscal_attribute ?? '', fn: r.data.fiscal_storage_number ?? '', number: r.data.fiscal_document_number ?? '', at: r.data.registered_at ?? '' } };
    return { kind: 'sent', uuid: r.data.id };
  };
  return {
    name: 'ЮKassa',
    async send(id, content, made) {
      // The payment carried this receipt: YooKassa made it with the payment; only its registration is read.
      if (content.inPayment && content.providerPayment) {
        try {
          // A refund's receipt is listed by its refund (two refunds of one payment may be of one sum); one stored before that, by its payment.
          const filter = made?.refund ? `refund_id=${encodeURIComponent(made.refund)}` : `payment_id=${encodeURIComponent(content.providerPayment)}`;
          const res = await fetch(`${s.apiUrl}/receipts?${filter}`, { headers: { authorization: auth }, signal: AbortSignal.timeout(timeoutMs) });
          if (res.status >= 500) return { kind: 'retry', reason: `ЮKassa ответила ошибкой ${res.status}` };
          const listed = z.object({ type: z.string(), refund_id: z.string().optional(), items: z.array(z.object({ quantity: z.string(), amount: z.object({ value: z.string() }) })).optional() }).passthrough();
          const list = z.object({ items: z.array(listed) }).safeParse(await res.json().catch(() => null));
          const kopecks = (r: z.infer<typeof listed>) => (r.items ?? []).reduce((t, i) => t + Math.round(Math.round(Number(i.amount.value) * 100) * Number(i.quantity)), 0);
          // A refund's receipt came with the refund (server/payments/refunds.ts): the refund receipt of this payment for this sum.
          const own = list.success ? list.data.items.find((r) => (content.kind === 'refund' ? r.type === 'refund' && (made?.refund ? r.refund_id === made.refund : kopecks(r) === content.total) : r.type === 'payment')) : undefined;
          if (!own) return { kind: 'retry', reason: content.kind === 'refund' ? 'ЮKassa ещё не сформировала чек возврата' : 'ЮKassa ещё не сформировала чек платежа' };
          return await answerOf(new Response(JSON.stringify(own), { status: 200 }));
        } catch (e) {
          return unreachable(e);
        }
      }
      try {
        const res = await fetch(`${s.apiUrl}/receipts`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json', 'idempotence-key': crypto.createHash('sha256').update(id).digest('hex') },
          body: JSON.stringify(yookassaReceipt(content)),
          signal: AbortSignal.timeout(timeoutMs),
        });
        return await answerOf(res, true);
      } catch (e) {
        return unreachable(e);
      }
    },
    async report(uuid) {
      try {
        const a = await answerOf(await fetch(`${s.apiUrl}/receipts/${encodeURIComponent(uuid)}`, { headers: { authorization: auth }, signal: AbortSignal.timeout(timeoutMs) }));
        return a.kind === 'sent' ? { kind: 'wait' } : a;
      } catch (e) {
        return unreachable(e);
      }
    },
  };
};
