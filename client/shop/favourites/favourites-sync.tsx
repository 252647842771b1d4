import { useEffect } from 'react';
import { adoptGuestFavourites, guestOwner, syncFavourites } from '../../data/favourites';
import { useSession } from '../../shared/auth/session';
import { favouritesOwner } from '../catalog/use-favourites';

/**
 * Keeps the signed-in customer's favourites in step with the server: at sign-in (the guest's hearts join theirs),
 * when the network returns and when the tab is shown again (another device may have changed them). Staff and guests
 * have nothing to keep in step (`favouritesOwner`).
 */
export const FavouritesSync = () => {
  const owner = favouritesOwner(useSession().user);
  useEffect(() => {
    if (owner === guestOwner) return;
    const sync = () => void syncFavourites(owner).catch((e: Error) => console.warn('Избранное не обновлено:', e.message));
    const onShow = () => document.visibilityState === 'visible' && sync();
    adoptGuestFavourites(owner);
    sync();
    addEventListener('online', sync);
    document.addEventListener('visibilitychange', onShow);
    return () => {
      removeEventListener('online', sync);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [owner]);
  return null;
};
