import { awaitsOnlinePayment, paymentChecking } from '../../shop/online-payment';
import { paymentStatuses, type Order } from './order';

/** An order a restore lost, sent again naming its online payment, until the shop has read that payment at YooKassa. */
export const paymentCheckingLabel = 'Оплата проверяется';

/** An order's payment as the studio reads it at a glance: «Оплачен онлайн», «Ждёт оплаты онлайн», «Оплачен», «Оплачен частично», «Не оплачен». */
export const paymentLabel = (o: Pick<Order, 'paid' | 'online' | 'status'>): string => {
  if (o.paid?.status === 'paid' && o.paid.method === 'online') return 'Оплачен онлайн';
  if (awaitsOnlinePayment(o)) return 'Ждёт оплаты онлайн';
  if (paymentChecking(o)) return paymentCheckingLabel;
  // A part payment (schema/studio/orders/order-money.ts): recorded as unpaid with what came; the rest is owed.
  if (o.paid?.status === 'unpaid' && o.paid.amount) return 'Оплачен частично';
  return paymentStatuses.find((p) => p.id === (o.paid?.status ?? 'unpaid'))?.label ?? '';
};
