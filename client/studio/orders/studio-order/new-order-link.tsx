import { Link } from '@tanstack/react-router';
import { mayCommand, maySellAtCounter } from '../../../../schema/studio/orders/order-command';
import type { User } from '../../../../schema/shared/user';
import { useSession } from '../../../shared/auth/session';

/** Who takes orders by phone or at the counter: the server's rule (schema/studio/orders/order-command.ts `orderActionLevel`). */
export const mayTakeOrders = (user: User | null | undefined): boolean => mayCommand(user, 'create');

/** Who records a counter sale: any staff member, a florist too (schema/studio/orders/order-command.ts `isCounterSale`). */
export const maySell = (user: User | null | undefined): boolean => maySellAtCounter(user);

/** The board's «Новый заказ» and «Продажа в студии» buttons: each shown only to those who may. */
export const NewOrderLink = () => {
  const { user } = useSession();
  return (
    <>
      {mayTakeOrders(user) && (
        <Link to="/admin/orders/new" className="button">
          Новый заказ
        </Link>
      )}
      {maySell(user) && (
        <Link to="/admin/orders/counter" className="button button--ghost">
          Продажа в студии
        </Link>
      )}
    </>
  );
};
