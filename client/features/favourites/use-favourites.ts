import { useCallback, useSyncExternalStore } from 'react';
import { favouriteIds, guestOwner, markFavourite, subscribeFavourites, syncFavourites } from '../../data/favourites';
import { useSession } from '../auth/session';

const noFavourites: string[] = [];

/** The shopper's favourites on this device: a guest's stay here, a customer's are sent to the server as they change. */
export const useFavourites = () => {
  const { user } = useSession();
  const owner = user?.phone ?? guestOwner;
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
