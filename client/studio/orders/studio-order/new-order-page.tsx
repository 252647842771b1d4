import { Link, useSearch } from '@tanstack/react-router';
import { useSession } from '../../../shared/auth/session';
import { NewOrderForm } from './new-order-form';
import './studio-order.css';

/** /admin/orders/counter: a counter sale, open to florists (the route guards it; the server checks `isCounterSale`). */
export const CounterSalePage = () => {
  const { user } = useSession();
  return (
    <section className="studio-order">
      <h1>Продажа в студии</h1>
      <p><Link to="/admin/$resource" params={{ resource: 'orders' }}>← К заказам</Link></p>
      {user ? <NewOrderForm user={user} counter /> : null}
    </section>
  );
};

/** /admin/orders/new: an order taken by phone or at the counter (manager and above; the route guards it). */
export const NewOrderPage = () => {
  const { user } = useSession();
  const start = useSearch({ from: '/admin/orders/new' });
  return (
    <section className="studio-order">
      <h1>Новый заказ</h1>
      <p><Link to="/admin/$resource" params={{ resource: 'orders' }}>← К заказам</Link></p>
      {user ? <NewOrderForm user={user} start={start} /> : null}
    </section>
  );
};
