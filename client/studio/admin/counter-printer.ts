import { useEffect } from 'react';
import { isStaff, type User } from '../../../schema/shared/user';
import { askCounterRegister, rememberedCounterRegister, runCounterPrints } from '../../data/counter-prints';
import { useLocalIfOpen } from '../../data/local-data-context';

/** How often the register's address and settings are read again while online (the admin may change them). */
const registerMs = 5 * 60_000;

/**
 * The device's printer of counter-sale receipts (issue 30, item 2), run by the staff shell while a staff member is
 * signed in: it keeps the register's address and receipt settings while the server answers (so they are known
 * offline), and runs the device's queue (`runCounterPrints`) once the device's store is open: the shell is drawn
 * before it, and must not wait for it. Sign-out (or another person) stops it.
 */
export const useCounterPrinter = (user: User | null | undefined): void => {
  const local = useLocalIfOpen();
  const staff = isStaff(user) ? user?.phone : undefined;
  useEffect(() => {
    if (!staff) return;
    // Asked only while the browser has a network: an offline start has nothing to learn and would only log a failed request.
    const ask = () => navigator.onLine && void askCounterRegister().catch(() => undefined);
    ask();
    addEventListener('online', ask);
    const asking = setInterval(ask, registerMs);
    const printer = local && runCounterPrints(local.data.shop.office, rememberedCounterRegister, { me: staff });
    return () => {
      removeEventListener('online', ask);
      clearInterval(asking);
      void printer?.stop();
    };
  }, [local, staff]);
};
