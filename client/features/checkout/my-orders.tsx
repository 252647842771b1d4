import { formatRoubles } from '../../../schema/money';
import { useMyOrders } from './use-my-orders';

/** /my: the customer's orders with their status, as staff change it. */
export const MyOrders = ({ phone }: { phone: string }) => {
  const orders = useMyOrders(phone);
  return (
    <section className="my-orders" aria-label="Мои заказы">
      <h2>Мои заказы</h2>
      {!orders.length && <p>Заказов пока нет.</p>}
      <ul className="my-orders__list">
        {orders.map((o) => (
          <li key={o.id} className="my-orders__item" data-order-id={o.id}>
            <strong>{o.number ? `Заказ №${o.number}` : 'Новый заказ'}</strong>
            {' · '}
            {o.date}, {o.slot}
            {o.total !== undefined && <> · {formatRoubles(o.total)}</>}
            {' · '}
            <span className="my-orders__status">{o.status}</span>
            {o.error && <p className="field-error">{o.error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
};
