import { Subject } from 'rxjs';

/** A document the server refused on push, with its reason in Russian. */
export interface Rejection {
  db: string;
  id: string;
  reason: string;
  /** A new office record whose content is kept on the device: the admin path whose new-record form opens it again (`/admin/{reopen}/new?from={id}`). */
  reopen?: string;
}

/** Refusals seen by this tab or, through the channel, by the leader tab that does the pushing. */
export const rejections$ = new Subject<Rejection>();

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('shop-sync-rejections');
channel?.addEventListener('message', (e: MessageEvent<Rejection>) => rejections$.next(e.data));
// In Node (tests, bench) an open channel would keep the process alive.
(channel as { unref?: () => void } | null)?.unref?.();

export const reportRejection = (r: Rejection): void => {
  rejections$.next(r);
  channel?.postMessage(r);
};
