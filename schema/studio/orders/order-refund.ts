import { z } from 'zod';
import { formatRoubles } from '../../shared/money';

/**
 * Money returned through YooKassa (issue 30): a refund of an online payment, queued on the server when a paid order is
 * cancelled or a manager returns money («Вернуть деньги»), sent as `POST /v3/refunds` (server/payments/refunds.ts).
 * `queued` — waits to be sent (or sent again after a timeout); `pending` — YooKassa took it and has not finished;
 * `succeeded` — the money is on its way back; `refused` — YooKassa (or the shop's own limit) refused it, with the reason.
 */
export const refundState = z.enum(['queued', 'pending', 'succeeded', 'refused']);
export type RefundState = z.infer<typeof refundState>;

/** What staff read of a refund on the order page (never the payment's keys). */
export const refundView = z.strictObject({
  id: z.string(),
  amount: z.number().int(),
  state: refundState,
  label: z.string(),
  updatedAt: z.number().int(),
});
export type RefundView = z.infer<typeof refundView>;

/** The refund's state in Russian: the one sentence the order page shows. */
export const refundLabel = (r: { amount: number; state: RefundState; reason?: string; tries?: number }): string => {
  const sum = formatRoubles(r.amount);
  switch (r.state) {
    case 'queued':
      return r.tries ? `Возврат ${sum} ждёт ЮKassa: повторим отправку${r.reason ? ` (${r.reason})` : ''}` : `Возврат ${sum} ждёт отправки в ЮKassa`;
    case 'pending':
      return `Возврат ${sum} в ЮKassa: ждёт подтверждения`;
    case 'succeeded':
      return `Деньги возвращены через ЮKassa: ${sum}`;
    case 'refused':
      return `Возврат ${sum} не прошёл: ${r.reason ?? 'ЮKassa отказала'}`;
  }
};
