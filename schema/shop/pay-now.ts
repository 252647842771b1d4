import { z } from 'zod';
import { onlineMethod, paymentState } from './online-payment';
import { order, orderDraft } from '../studio/orders/order';

/** «Оплатить сейчас»: the draft (placed first, idempotent on its id) or an order of the customer's, and how to pay. */
export const payNowRequest = z.strictObject({
  order: orderDraft.shape.id,
  method: onlineMethod,
  draft: orderDraft.optional(),
});
export type PayNowRequest = z.infer<typeof payNowRequest>;

/** The thank-you page asks about one of the customer's orders, or turns it to payment on delivery. */
export const paymentOrderRequest = z.strictObject({ order: orderDraft.shape.id });

/** What /api/payments/* answer: the order, its payment as the customer sees it, and where to go to pay. */
export const paymentAnswer = z.strictObject({
  order,
  state: paymentState,
  confirmationUrl: z.string().url().optional(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswer>;

/** Whether the shop takes payments online now (the provider's keys are set), and how long an unpaid order waits. */
export const paymentOffer = z.strictObject({ online: z.boolean(), holdMinutes: z.number() });
export type PaymentOffer = z.infer<typeof paymentOffer>;
