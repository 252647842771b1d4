import { formatPhone } from '../../../../schema/shared/phone';
import { paperMoney, type PrintedPaper } from '../../../ui/printed-paper';
import type { CourierRoute } from './courier-day';

/**
 * A courier's route sheet for a day: the deliveries in the order they are driven (slot, then number: courier-day.ts
 * `bySlot`), where, to whom, the marks and what to collect; the day's sums and the courier's pay.
 */
export const routePaper = (route: CourierRoute, day: string): PrintedPaper => ({
  title: 'Маршрутный лист курьера',
  number: '',
  day,
  parties: [{ label: 'Курьер', value: `${route.courier.name}, ${formatPhone(route.courier.phone)}` }],
  tables: [
    {
      columns: [{ label: '№', numeric: true }, { label: 'Время' }, { label: 'Заказ' }, { label: 'Адрес и получатель' }, { label: 'Отметки' }, { label: 'Получить', numeric: true }],
      rows: route.deliveries.map((d, n) => [
        String(n + 1),
        d.slot,
        d.number ? String(d.number) : 'без номера',
        [d.address, `${d.recipient.name}, ${formatPhone(d.recipient.phone)}`, d.comment].filter(Boolean).join('; '),
        [d.postcard ? 'открытка' : '', d.anonymous ? 'АНОНИМНО' : ''].filter(Boolean).join(', '),
        d.toCollect ? paperMoney(d.toCollect) : 'оплачен',
      ]),
    },
  ],
  totals: [
    { label: 'Доставок', value: String(route.deliveries.length) },
    { label: 'Оплата курьеру', value: paperMoney(route.fee) },
    { label: 'Получить с клиентов', value: paperMoney(route.toCollect) },
  ],
  notes: [],
  signatures: ['Выдал(а)', 'Курьер'],
});
