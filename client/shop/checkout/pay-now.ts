import { useEffect, useState } from 'react';
import type { OnlineMethod } from '../../../schema/shop/online-payment';
import type { OrderDraft } from '../../../schema/studio/orders/order';
import type { PaymentOffer } from '../../../schema/shop/pay-now';
import { ApiError, call } from '../../lib/api';
import { useOnline } from '../../lib/use-online';

/**
 * Whether the shop takes payments online now: asked of the server (the provider's keys are the server's), so while
 * the device is offline it is not known, and paying now is not offered (it needs the network anyway).
 */
let asked: Promise<PaymentOffer> | null = null;
const askOffer = () => {
  asked ??= call('GET /api/payments/offer').then((a) => a.data);
  // A failed question is asked again next time.
  asked.catch(() => (asked = null));
  return asked;
};

export const usePaymentOffer = (): PaymentOffer | null => {
  const online = useOnline();
  const [offer, setOffer] = useState<PaymentOffer | null>(null);
  useEffect(() => {
    if (!online || offer) return;
    let live = true;
    askOffer().then(
      (o) => live && setOffer(o),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [online, offer]);
  return offer;
};

/** «Оплатить сейчас»: the order is placed (idempotent on the draft id) waiting for its payment; answers where to pay. */
export const startPayment = (order: string, method: OnlineMethod, draft?: OrderDraft) =>
  call('POST /api/payments/start', { order, method, ...(draft ? { draft } : {}) }).then((a) => a.data);

/**
 * The checkout's «Оплатить сейчас»: where to go — the provider's page, or, when the order was placed but the provider
 * did not answer (a 5xx), the order's thank-you page, which offers to pay again or on delivery. A refusal (4xx: sold
 * out, a slot gone) or no network is thrown for the form to show.
 */
export const payFromCheckout = async (draft: OrderDraft, method: OnlineMethod): Promise<{ url?: string; order: string }> => {
  try {
    const a = await startPayment(draft.id, method, draft);
    return { url: a.state === 'pending' ? a.confirmationUrl : undefined, order: a.order.id };
  } catch (e) {
    if (e instanceof ApiError && e.status >= 500) return { order: draft.id };
    throw e;
  }
};

/** Back from the provider: the server reads the payment from the provider. */
export const checkPayment = (order: string) => call('POST /api/payments/check', { order }).then((a) => a.data);

export const payOnDelivery = (order: string) => call('POST /api/payments/on-delivery', { order }).then((a) => a.data);

/** To the provider's page; the provider brings the customer back to /orders/thank-you?order=…. */
export const goToProvider = (url: string) => window.location.assign(url);
