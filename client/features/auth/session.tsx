import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { UserAnswer } from '../../../schema/api';
import { isStaff, type User } from '../../../schema/user';
import { api } from '../../lib/api';
import { useLocal } from '../../data/local-data-context';
import { clearPendingLogout, markPendingLogout, pendingLogout } from './pending-logout';
import { readStoredUser, storeUser } from './stored-user';

interface Session {
  user: User | null;
  signedIn(user: User): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session>({ user: null, signedIn: () => {}, logout: async () => {} });
export const useSession = () => useContext(SessionContext);

const inSyncWithin = (sync: Promise<unknown>, ms: number) => Promise.race([sync, new Promise((r) => setTimeout(r, ms))]);

/** Ends the server session once the calendar has pushed what it holds. Leaves the mark if still offline. */
const finishLogout = async (eventsInSync: () => Promise<boolean>) => {
  await inSyncWithin(eventsInSync(), 10_000);
  await api<UserAnswer>('/api/logout', {});
  clearPendingLogout();
};

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const { sync } = useLocal();
  const [user, setUser] = useState<User | null>(() => (pendingLogout() ? null : readStoredUser()));

  useEffect(() => {
    api<UserAnswer>('/api/user', undefined, 'GET')
      .then((a) => !pendingLogout() && setUser(a.user))
      .catch((e: Error) => console.warn('Не удалось получить пользователя:', e.message));
  }, []);

  useEffect(() => {
    storeUser(user);
    void sync.setStaff(isStaff(user) || pendingLogout());
    void sync.setCustomer(user?.phone ?? null);
  }, [user, sync]);

  useEffect(() => {
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

  const logout = useCallback(async () => {
    markPendingLogout();
    setUser(null);
    storeUser(null);
    if (navigator.onLine) await finishLogout(sync.eventsInSync).catch((e: Error) => console.warn('Выход не завершён:', e.message));
    location.assign('/');
  }, [sync]);

  return <SessionContext.Provider value={{ user, signedIn: setUser, logout }}>{children}</SessionContext.Provider>;
};
