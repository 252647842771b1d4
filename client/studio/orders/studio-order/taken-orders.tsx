import { Link } from '@tanstack/react-router';
import { orderTitle } from '../../../../schema/studio/orders/order-number';
import { CounterPrints } from '../../kit/fiscal-receipts';
import { provisionalMark, type ProvisionalOrder } from './provisional-orders';

/** What became of the order just taken: its provisional mark, then its number. */
export const Taken = ({ order, online, onNext, counter }: { order: ProvisionalOrder | undefined; online: boolean; onNext: () => void; counter: boolean }) => (
  <section className="studio-order__taken" aria-live="polite">
    <h2>{counter ? 'Продажа записана' : 'Заказ принят'}</h2>
    <p>
      {order ? (
        order.state === 'numbered' ? (
          <Link to="/admin/$resource/$id" params={{ resource: 'orders', id: String(order.number) }}>{orderTitle(order.number)}</Link>
        ) : (
          <strong className={order.state === 'refused' ? 'field-error' : 'studio-order__provisional'}>{provisionalMark(order, online)}</strong>
        )
      ) : (
        'Сохраняем…'
      )}
    </p>
    {order && <CounterPrints order={order.id} />}
    <button type="button" className="button" onClick={onNext}>{counter ? 'Ещё продажа' : 'Принять ещё заказ'}</button>
  </section>
);

/** Orders taken here that the server has not numbered yet: they go as soon as there is a network. */
export const Waiting = ({ orders, online }: { orders: ProvisionalOrder[] | null; online: boolean }) => {
  const waiting = (orders ?? []).filter((o) => o.state !== 'numbered');
  if (!waiting.length) return null;
  return (
    <section className="studio-order__waiting">
      <h2>Без номера</h2>
      <ul>
        {waiting.map((o) => (
          <li key={o.id}>
            {o.draft.customer.name}, {o.draft.date} {o.draft.slot}: <strong>{provisionalMark(o, online)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
};
