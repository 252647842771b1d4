import type { RxCollection } from 'rxdb';
import { shiftClose, shiftCloseTitle, shopEvent, type ShopEvent } from '../../../../schema/studio/orders/event';
import { call, ApiError } from '../../../lib/api';
import { randomId } from '../../../lib/random-id';

/** Sends the event to the server now; the default, replaced in tests. */
const sendNow = (event: ShopEvent) => call('POST /api/events/update', event);

/**
 * Records the shift-closing event. Online it goes to the server at once, so signing out right after never depends
 * on which tab replicates (RxDB pushes only from the leader tab). Without a network, or if the server cannot be
 * reached, it waits in the device's calendar and the sync pushes it when the network returns.
 * A refusal (4xx) is shown, not kept: the same event would be refused again.
 */
export const recordShiftClose = async (
  events: RxCollection<ShopEvent>,
  input: { amount: string; date: string },
  author: string,
  send: (event: ShopEvent) => Promise<unknown> = sendNow,
): Promise<{ event: ShopEvent; sent: boolean }> => {
  const { amount, date } = shiftClose.parse(input);
  const event = shopEvent.parse({
    id: randomId(), source: 'admin', title: shiftCloseTitle, description: '', day: date, type: 'event', sum: amount, data: {}, meta: { author, createdAt: Date.now() },
  });
  if (globalThis.navigator?.onLine !== false) {
    try {
      await send(event);
      return { event, sent: true };
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) throw e;
    }
  }
  await events.insert(event);
  return { event, sent: false };
};
