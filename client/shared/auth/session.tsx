import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { isStaff, type User } from '../../../schema/shared/user';
import { call } from '../../lib/api';
import { openedLocal, useLocalIfOpen } from '../../data/local-data-context';
import { useServerRendered } from '../../data/snapshot-context';
import { clearPendingLogout, markPendingLogout, pendingLogout } from './pending-logout';
import { storeUser, userKey } from './stored-user';
import { currentUser, setCurrentUser } from './current-user';

interface Session {
  user: User | null;
  signedIn(user: User): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session>({ user: null, signedIn: () => {}, logout: async () => {} });
export const useSession = () => useContext(SessionContext);

/** How long signing out waits for the calendar's push before it leaves the rest to the next try. */
const pushWaitMs = 10_000;

/**
 * Ends the server session once the calendar has pushed what it holds. Until then the mark stays, and with it the
 * session the push needs: ending it first would strand a closed shift on the device for good.
 */
const finishLogout = async (eventsInSync: () => Promise<boolean>) => {
  const late = new Promise<'late'>((r) => setTimeout(() => r('late'), pushWaitMs));
  if ((await Promise.race([eventsInSync(), late])) === 'late') throw new Error('календарь ещё не отправлен на сервер');
  await call('POST /api/logout', {});
  clearPendingLogout();
};

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const sync = useLocalIfOpen()?.sync;
  // A server-rendered page is drawn for nobody in particular: the device's user comes in right after hydration.
  const serverRendered = useServerRendered();
  const [user, setSessionUser] = useState<User | null>(() => (serverRendered ? null : currentUser()));
  useEffect(() => {
    if (serverRendered) setSessionUser(currentUser());
  }, [serverRendered]);
  // Route guards read the user outside React: they learn of it before any screen renders.
  const setUser = useCallback((u: User | null) => {
    setCurrentUser(u);
    setSessionUser(u);
  }, []);

  useEffect(() => {
    call('GET /api/user')
      .then((a) => !pendingLogout() && setUser(a.user))
      .catch((e: Error) => console.warn('Не удалось получить пользователя:', e.message));
  }, [setUser]);

  useEffect(() => {
    if (!sync) return;
    storeUser(user);
    void sync.setStaff(isStaff(user) || pendingLogout());
    void sync.setCustomer(user?.phone ?? null);
  }, [user, sync]);

  useEffect(() => {
    if (!sync) return;
    const flush = () => {
      if (!pendingLogout() || !navigator.onLine) return;
      finishLogout(sync.eventsInSync)
        .then(() => sync.setStaff(false))
        .catch((e: Error) => console.warn('Выход не завершён:', e.message));
    };
    flush();
    addEventListener('online', flush);
    // The browser may think it is online while the shop's server is out of reach: try again now and then.
    const retry = setInterval(flush, 30_000);
    return () => {
      removeEventListener('online', flush);
      clearInterval(retry);
    };
  }, [sync]);

  // The server ended this session (removed from the staff, on every device at once): the leader tab hears it on the
  // change stream, the others through the user it forgets. What the device holds of the studio is dropped as at
  // sign-out; nothing is left to push, the session is gone.
  useEffect(() => {
    if (!sync) return;
    const ended = () => {
      clearPendingLogout();
      setUser(null);
      storeUser(null);
      void sync.setStaff(false).finally(() => location.assign('/'));
    };
    const stop = sync.onSignedOut(ended);
    const otherTab = (e: StorageEvent) => {
      if (e.key === userKey && e.newValue === null && currentUser()) location.assign('/');
    };
    addEventListener('storage', otherTab);
    return () => {
      stop();
      removeEventListener('storage', otherTab);
    };
  }, [sync, setUser]);

  const logout = useCallback(async () => {
    markPendingLogout();
    setUser(null);
    storeUser(null);
    const { sync } = await openedLocal();
    // Staff replications stop here, and the device forgets the studio's orders, before the page starts over.
    if (navigator.onLine) await finishLogout(sync.eventsInSync).then(() => sync.setStaff(false)).catch((e: Error) => console.warn('Выход не завершён:', e.message));
    location.assign('/');
  }, [setUser]);

  return <SessionContext.Provider value={{ user, signedIn: setUser, logout }}>{children}</SessionContext.Provider>;
};
