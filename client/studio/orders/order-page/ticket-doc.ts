import { formatPhone } from '../../../../schema/shared/phone';
import type { Order } from '../../../../schema/studio/orders/order';
import { orderTitle } from '../../../../schema/studio/orders/order-number';
import type { Product } from '../../../../schema/shop/product';
import type { PaperDoc, PaperLine } from '../../team/printer/paper-doc';
import { dayLabel, placeOf } from './order-labels';
import { collectLine, ticketLines } from './print-ticket';

/** The florist's ticket for the receipt printer: what the A4 ticket says (order-page.tsx, PrintSheets), line by line. */
export const ticketDoc = (o: Order, products: ReadonlyMap<string, Pick<Product, 'composition'>>, courier: string): PaperDoc => {
  const lines: PaperLine[] = [
    { style: 'title', text: orderTitle(o.number), align: 'center' },
    { style: 'bold', text: `${dayLabel(o.date)}, ${o.slot}` },
    { style: 'normal', text: placeOf(o) },
    { style: 'normal', text: `Получатель: ${o.recipient.name}, ${formatPhone(o.recipient.phone)}` },
  ];
  if (o.anonymous) lines.push({ style: 'bold', text: 'АНОНИМНО: не называть отправителя' });
  lines.push({ style: 'rule' });
  for (const l of ticketLines(o, products)) {
    lines.push({ style: 'bold', text: l.text });
    if (l.composition) lines.push({ style: 'normal', text: `Состав: ${l.composition}` });
  }
  lines.push({ style: 'rule' });
  if (o.postcard) lines.push({ style: 'normal', text: 'Открытка: есть' });
  if (o.comment) lines.push({ style: 'normal', text: `Комментарий: ${o.comment}` });
  if (courier) lines.push({ style: 'normal', text: `Курьер: ${courier}` });
  lines.push({ style: 'bold', text: collectLine(o) });
  return { name: orderTitle(o.number), lines };
};

/** The postcard's text alone, for a card put through the receipt printer. */
export const postcardDoc = (o: Pick<Order, 'number' | 'postcard'>): PaperDoc => ({
  name: `Открытка к заказу ${orderTitle(o.number)}`,
  lines: (o.postcard ?? '').split('\n').map((text) => ({ style: 'normal' as const, text, align: 'center' as const })),
});
