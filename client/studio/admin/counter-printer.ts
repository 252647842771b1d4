import { useEffect } from 'react';
import { isStaff, type User } from '../../../schema/shared/user';
import { askCounterRegister, printDue, queuedPrints$, rememberedCounterRegister } from '../../data/counter-prints';
import { useLocal } from '../../data/local-data-context';

/** How often the runner looks at the queue; a print's own doubling pause (`printDue`) decides when it is tried again. */
const roundMs = 2000;
/** How often the register's address and settings are read again while online (the admin may change them). */
const registerMs = 5 * 60_000;

/**
 * The device's printer of counter-sale receipts (issue 30, item 2), run by the staff shell while a staff member is
 * signed in: it keeps the register's address and receipt settings while the server answers (so they are known
 * offline), and takes a round of `printDue` whenever a print is queued and every few seconds while one waits, one
 * round at a time. Sign-out (or another person) ends it.
 */
export const useCounterPrinter = (user: User | null | undefined): void => {
  const { data } = useLocal();
  const staff = isStaff(user) ? user?.phone : undefined;
  useEffect(() => {
    if (!staff) return;
    let stopped = false;
    let running = false;
    let queued = 0;
    const round = async () => {
      if (running || stopped) return;
      running = true;
      try {
        await printDue(data.shop.office, rememberedCounterRegister());
      } catch (e) {
        console.warn('Очередь чеков кассы:', e instanceof Error ? e.message : e);
      } finally {
        running = false;
      }
    };
    // Asked only while the browser has a network: an offline start has nothing to learn and would only log a failed request.
    const ask = () => navigator.onLine && void askCounterRegister().catch(() => undefined);
    ask();
    addEventListener('online', ask);
    const asking = setInterval(ask, registerMs);
    const timer = setInterval(() => queued > 0 && void round(), roundMs);
    const sub = queuedPrints$(data.shop.office).subscribe((n) => {
      queued = n;
      if (n > 0) void round();
    });
    return () => {
      stopped = true;
      removeEventListener('online', ask);
      clearInterval(asking);
      clearInterval(timer);
      sub.unsubscribe();
    };
  }, [data, staff]);
};
