import { awaitsOnlinePayment } from './online-payment';
import { paymentStatuses, type Order } from './order';

/** An order's payment as the studio reads it at a glance: «Оплачен онлайн», «Ждёт оплаты онлайн», «Оплачен», «Не оплачен». */
export const paymentLabel = (o: Pick<Order, 'paid' | 'online' | 'status'>): string => {
  if (o.paid?.status === 'paid' && o.paid.method === 'online') return 'Оплачен онлайн';
  if (awaitsOnlinePayment(o)) return 'Ждёт оплаты онлайн';
  return paymentStatuses.find((p) => p.id === (o.paid?.status ?? 'unpaid'))?.label ?? '';
};
