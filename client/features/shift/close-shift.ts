import type { RxCollection } from 'rxdb';
import { shiftClose, shiftCloseTitle, shopEvent, type ShopEvent } from '../../../schema/event';
import { randomId } from '../../lib/random-id';

/**
 * Records the shift-closing event in the device's calendar. It is pushed to the server by the sync,
 * now or when the network returns. Validated before it is written, so the server has no reason to refuse it.
 */
export const recordShiftClose = async (events: RxCollection<ShopEvent>, input: { amount: string; date: string }, author: string): Promise<ShopEvent> => {
  const { amount, date } = shiftClose.parse(input);
  const event = shopEvent.parse({
    id: randomId(), source: 'admin', title: shiftCloseTitle, description: '', day: date, type: 'event', sum: amount, data: {}, meta: { author, createdAt: Date.now() },
  });
  await events.insert(event);
  return event;
};
