import { Link } from '@tanstack/react-router';
import { levelOf, reaches, type User } from '../../../schema/user';
import { useSession } from '../auth/session';

/** Who takes orders by phone or at the counter: a manager and above (issue 10); florists work the orders they get. */
export const mayTakeOrders = (user: User | null | undefined): boolean => reaches(levelOf(user), 'manager');

/** The board's «Новый заказ» button: shown only to those who may take an order. */
export const NewOrderLink = () => {
  const { user } = useSession();
  if (!mayTakeOrders(user)) return null;
  return (
    <Link to="/admin/orders/new" className="button">
      Новый заказ
    </Link>
  );
};
