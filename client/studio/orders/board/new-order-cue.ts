import { useEffect, useState } from 'react';
import type { RxCollection } from 'rxdb';
import type { Order } from '../../../../schema/studio/orders/order';
import { chime, soundChosen, type ChimeKind } from './chime';
import { chimeOnce } from './chime-once';

/** An order that arrives (or a change that arrives) this long after it was made is not news (a device catching up after a day offline). */
const freshMs = 15 * 60_000;

/** Whether an order that just came onto the device is a new one to announce, not one pulled again or late. */
export const isNewArrival = (o: Pick<Order, 'status' | 'createdAt'>, now: number): boolean => o.status === 'new' && o.createdAt >= now - freshMs;

/**
 * What the board announces of an order that just came onto the device or changed on it (issue 30, item 5): a new
 * order, one cancelled (by the customer on /my, the studio, an online payment that ran out), one paid (online, or
 * recorded by a colleague). Only fresh news: a change pulled a day late is not.
 */
export const boardNews = (before: Pick<Order, 'status' | 'paid'> | undefined, after: Pick<Order, 'status' | 'createdAt' | 'updatedAt' | 'paid'>, now: number): ChimeKind | null => {
  if (!before) return isNewArrival(after, now) ? 'new' : null;
  if (after.updatedAt < now - freshMs) return null;
  if (before.status !== 'cancelled' && after.status === 'cancelled') return 'cancelled';
  if (before.paid?.status !== 'paid' && after.paid?.status === 'paid') return 'paid';
  return null;
};

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

/** How many arrivals (and changes) the cue lists at once; older ones stay marked on their cards until dismissed. */
const shownArrivals = 5;

/** A cancellation or payment the cue names. */
export interface BoardChange {
  order: Order;
  kind: Exclude<ChimeKind, 'new'>;
}

/**
 * New orders arriving on the device while the board is open (from the site, by phone, from another device), orders
 * cancelled and orders paid: listed for the cue and announced by one chime (each news its own tune) for all the
 * board's tabs, unless the user turned the sound off on this device.
 */
export const useNewOrderCue = (orders: RxCollection<Order>) => {
  const [arrivals, setArrivals] = useState<Order[]>([]);
  const [changes, setChanges] = useState<BoardChange[]>([]);
  useEffect(() => {
    const sub = orders.$.subscribe((e) => {
      if (e.operation === 'DELETE') return;
      const o = e.documentData;
      const kind = boardNews(e.operation === 'UPDATE' ? e.previousDocumentData : undefined, o, Date.now());
      if (!kind) return;
      if (kind === 'new') setArrivals((list) => [...list.filter((x) => x.id !== o.id), o].slice(-shownArrivals));
      else setChanges((list) => [...list.filter((x) => !(x.order.id === o.id && x.kind === kind)), { order: o, kind }].slice(-shownArrivals));
      if (soundChosen() && mayPlay()) void chimeOnce(kind === 'new' ? o.id : `${kind}:${o.id}`, () => chime(kind), tabsShare());
    });
    return () => sub.unsubscribe();
  }, [orders]);
  return {
    arrivals,
    changes,
    dismiss: () => {
      setArrivals([]);
      setChanges([]);
    },
  };
};
