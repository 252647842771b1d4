/**
 * Signing out offline cannot reach the server, and the staff calendar may still hold events to push
 * (closing a shift signs out). The UI forgets the user at once; this mark keeps the calendar's sync alive
 * on the still-valid session until it has pushed, and only then is the server session ended.
 */
const key = 'shop:pending-logout';

export const pendingLogout = (): boolean => localStorage.getItem(key) === '1';
export const markPendingLogout = (): void => localStorage.setItem(key, '1');
export const clearPendingLogout = (): void => localStorage.removeItem(key);
