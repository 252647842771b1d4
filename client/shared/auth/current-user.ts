import type { User } from '../../../schema/shared/user';
import { pendingLogout } from './pending-logout';
import { readStoredUser } from './stored-user';

/**
 * Who is signed in, outside React: route guards (`beforeLoad`) run before any component, so they read it here.
 * The session provider writes it; the router re-runs its guards when it changes.
 */
let current: User | null | undefined;
const listeners = new Set<() => void>();

export const currentUser = (): User | null => {
  if (current === undefined) current = pendingLogout() ? null : readStoredUser();
  return current;
};

export const setCurrentUser = (u: User | null): void => {
  if (current !== undefined && JSON.stringify(current) === JSON.stringify(u)) return;
  current = u;
  listeners.forEach((l) => l());
};

export const onUserChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
