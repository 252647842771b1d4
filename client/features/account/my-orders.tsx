import { Link } from '@tanstack/react-router';
import { formatRoubles } from '../../../schema/money';
import { useMyOrders, type MyOrder } from './use-my-orders';
import './my-orders.css';

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', weekday: 'short', timeZone: 'UTC' });
const dayLabel = (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`));

const OrderRow = ({ o }: { o: MyOrder }) => (
  <li className="my-orders__item" data-order-id={o.id}>
    <div className="my-orders__head">
      <strong>{o.number ? `Заказ №${o.number}` : 'Новый заказ'}</strong>
      <span className={`status status--${o.status}`}>{o.statusLabel}</span>
    </div>
    <p className="my-orders__when">
      {dayLabel(o.date)}, {o.slot} · {o.recipient}, {o.place}
    </p>
    {o.items.length > 0 && <p className="muted my-orders__items">{o.items.join(', ')}</p>}
    {o.photo && <img className="my-orders__photo" src={o.photo} alt="Фото вашего букета" loading="lazy" />}
    {o.total !== undefined && <p className="my-orders__total">{formatRoubles(o.total)}</p>}
    {o.status === 'pending' && <p className="muted">Заказ на этом устройстве: он уйдёт в мастерскую сам, как только появится связь.</p>}
    {o.error && <p className="field-error">{o.error}</p>}
  </li>
);

/** /my: the customer's orders with their status, as staff change it. */
export const MyOrders = ({ phone }: { phone: string }) => {
  const orders = useMyOrders(phone);
  return (
    <section className="my-orders" aria-labelledby="my-orders-title">
      <h2 id="my-orders-title">Мои заказы</h2>
      {!orders.length && (
        <p>
          Заказов пока нет. <Link to="/items">Выбрать букет</Link>
        </p>
      )}
      <ul className="my-orders__list">
        {orders.map((o) => (
          <OrderRow key={o.id} o={o} />
        ))}
      </ul>
    </section>
  );
};
