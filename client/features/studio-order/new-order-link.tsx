import { Link } from '@tanstack/react-router';
import { mayCommand } from '../../../schema/order-command';
import type { User } from '../../../schema/user';
import { useSession } from '../auth/session';

/** Who takes orders by phone or at the counter: the server's rule (schema/order-command.ts `orderActionLevel`). */
export const mayTakeOrders = (user: User | null | undefined): boolean => mayCommand(user, 'create');

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
