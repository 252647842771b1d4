import { useCallback, useSyncExternalStore } from 'react';
import { favouriteIds, guestOwner, markFavourite, subscribeFavourites, syncFavourites } from '../../data/favourites';
import { isStaff, type User } from '../../../schema/shared/user';
import { useSession } from '../../shared/auth/session';

const noFavourites: string[] = [];

/**
 * Whose hearts the device shows and sends: a customer's own, kept on the server; a guest's and a staff member's stay
 * on the device (favourites are the customer's list: a florist's or manager's session never asks the server for them).
 */
export const favouritesOwner = (user: User | null | undefined): string => (user && !isStaff(user) ? user.phone : guestOwner);

/** The shopper's favourites on this device: a guest's stay here, a customer's are sent to the server as they change. */
export const useFavourites = () => {
  const owner = favouritesOwner(useSession().user);
  const ids = useSyncExternalStore(subscribeFavourites, () => favouriteIds(owner), () => noFavourites);
  const toggle = useCallback(
    (id: string) => {
      markFavourite(owner, id, !favouriteIds(owner).includes(id));
      // Offline the mark waits; favourites-sync.tsx sends it when the network returns.
      if (owner !== guestOwner) syncFavourites(owner).catch((e: Error) => console.warn('Избранное не отправлено:', e.message));
    },
    [owner],
  );
  return { ids, signedIn: owner !== guestOwner, toggle };
};
