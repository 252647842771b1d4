import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { Order } from '../../../../schema/studio/orders/order';
import { chime, soundOn } from './chime';
import { chimeOnce } from './chime-once';

/** An order that arrives this long after it was placed is not news (a device catching up after a day offline). */
const freshMs = 15 * 60_000;

/** Whether an order that just came onto the device is a new one to announce, not one pulled again or late. */
export const isNewArrival = (o: Pick<Order, 'status' | 'createdAt'>, now: number): boolean => o.status === 'new' && o.createdAt >= now - freshMs;

/** A tab the user never touched cannot make a sound: it leaves the chime to one that can. */
const mayPlay = () => typeof navigator === 'undefined' || !navigator.userActivation || navigator.userActivation.hasBeenActive;

const tabsShare = () => {
  let storage: Storage | undefined;
  try {
    storage = localStorage;
  } catch {
    storage = undefined;
  }
  return { locks: typeof navigator === 'undefined' ? undefined : navigator.locks, storage };
};

/** How many arrivals the cue lists at once; older ones stay marked on their cards until dismissed. */
const shownArrivals = 5;

/**
 * New orders arriving on the device while the board is open (from the site, by phone, from another device):
 * listed for the cue and announced by one chime for all the board's tabs, unless the user turned the sound off.
 */
export const useNewOrderCue = (orders: RxCollection<Order>) => {
  const [arrivals, setArrivals] = useState<Order[]>([]);
  useEffect(() => {
    const sub = orders.insert$.subscribe((e) => {
      const o = e.documentData;
      if (!isNewArrival(o, Date.now())) return;
      setArrivals((list) => [...list.filter((x) => x.id !== o.id), o].slice(-shownArrivals));
      if (soundOn() && mayPlay()) void chimeOnce(o.id, chime, tabsShare());
    });
    return () => sub.unsubscribe();
  }, [orders]);
  return { arrivals, dismiss: () => setArrivals([]) };
};
