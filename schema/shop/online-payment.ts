import { z } from 'zod';

/** How a customer pays online (YooKassa's `payment_method_data.type`): a card, the SBP, SberPay. */
export const onlineMethods = [
  { id: 'bank_card', label: 'Банковской картой' },
  { id: 'sbp', label: 'СБП' },
  { id: 'sberbank', label: 'SberPay' },
] as const;
export const onlineMethod = z.enum(['bank_card', 'sbp', 'sberbank']);
export type OnlineMethod = z.infer<typeof onlineMethod>;

/**
 * How long an order paid online keeps its units while the payment is not made (DECISIONS.md «Online payment»):
 * then the order is cancelled and its stock returned.
 */
export const onlineHoldMinutes = 30;

/**
 * An order the customer chose to pay online: the method, the provider's payment tried last, how many were started
 * (each with its own idempotence key) and until when the order waits. `paid` (schema/studio/orders/order.ts) says whether money came.
 */
export const onlinePayment = z.strictObject({
  method: onlineMethod,
  payment: z.string().max(64).optional(),
  tries: z.number().int().min(0),
  /**
   * pending: a payment is under way; failed: the last one was not made (the customer may try again until `until`); on-delivery: given up, paid to the courier.
   * checking: an order a restore lost, sent again by the customer's device naming the payment it had (`formerPayment`): the
   * shop has not yet read that payment at YooKassa; no sweep cancels it meanwhile (DECISIONS «A paid order a restore lost»).
   */
  status: z.enum(['pending', 'failed', 'paid', 'on-delivery', 'checking']),
  until: z.number().int(),
});
export type OnlinePayment = z.infer<typeof onlinePayment>;

/**
 * What a device knows of an order's online payment when it sends again an order a restore lost (client/data/sync/restored-store.ts):
 * YooKassa's payment id as its pulled copy named it, the method and how many payments were started. Only a claim: the
 * server reads the payment at YooKassa before anything is marked (server/payments/online-payments.ts `sentAgain`).
 */
export const formerPayment = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  method: onlineMethod,
  tries: z.number().int().min(0).max(100),
});
export type FormerPayment = z.infer<typeof formerPayment>;

/** The shop is still reading at YooKassa the payment a re-sent order named: neither paid nor unpaid yet. */
export const paymentChecking = (o: { online?: OnlinePayment; paid?: { status: string } }): boolean => o.online?.status === 'checking' && o.paid?.status !== 'paid';

/** What the thank-you page shows after the provider: paid, still waiting, or not paid (try again or pay on delivery). */
export const paymentState = z.enum(['paid', 'pending', 'canceled', 'on-delivery', 'order-cancelled']);
export type PaymentState = z.infer<typeof paymentState>;

/** An order waits for its online payment: chosen, not paid, not given up. */
export const awaitsOnlinePayment = (o: { online?: OnlinePayment; paid?: { status: string }; status: string }): boolean =>
  (o.online?.status === 'pending' || o.online?.status === 'failed') && o.paid?.status !== 'paid' && o.status !== 'cancelled';

/**
 * What the customer reads in /my of an online payment going back through YooKassa (issue 30), or null. The customer's
 * copy has no history, so it is read from the order as it stands: YooKassa's payment came (`online.status` paid) for an
 * order that is cancelled (a cancellation after payment, or a payment that came after it), or for one the studio had
 * already recorded paid another way (the customer paid twice). The server refunds both whole
 * (schema/studio/orders/refunds-due.ts, order-money.ts `lateOnlineRefund`).
 */
export const onlineRefundNote = (o: { online?: OnlinePayment; paid?: { status: string; method?: string }; status: string }): string | null => {
  if (o.online?.status !== 'paid') return null;
  if (o.status === 'cancelled') return 'Заказ отменён: оплата онлайн возвращается через ЮKassa тем же способом, которым вы платили';
  if (o.paid?.status === 'paid' && o.paid.method !== 'online') return 'Заказ уже был оплачен в студии: оплата онлайн возвращается через ЮKassa тем же способом, которым вы платили';
  return null;
};

/** YooKassa's money: a string with kopecks. The shop's totals are whole roubles. */
export const providerAmount = (roubles: number): string => roubles.toFixed(2);
