import { z } from 'zod';
import { day, nextDay, today } from '../../../../schema/shared/day';
import { orderSource, orderStatus, orderPayment } from '../../../../schema/studio/orders/order';

/**
 * The board's state in the address (issue 10: filters kept in the URL through typed search params), so a reload,
 * a link sent to a colleague or «назад» shows the same board. Anything malformed falls back to its default.
 * `from`/`to`: the delivery days shown (both absent: today); `florist`/`courier`: a phone or record id, or 'none'.
 */
/** Text that a hand-written address may carry as a number (`?q=1042`, `?florist=79001234567`): the router reads those as numbers. */
const text = (max: number) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(max).optional()).catch(undefined);

export const boardSearch = z.object({
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  status: orderStatus.optional().catch(undefined),
  paid: orderPayment.shape.status.optional().catch(undefined),
  florist: text(20),
  courier: text(64),
  source: orderSource.optional().catch(undefined),
  q: text(100),
});
export type BoardSearch = z.infer<typeof boardSearch>;

/** Who is not assigned yet, in the florist and courier filters. */
export const unassigned = 'none';

/** The delivery days a search shows (the server drawing the board's first content reads them alike). */
export { boardDays } from '../../../../schema/studio/orders/board-days';

/** «Сегодня» and «Завтра»: the search with only these days changed, filters kept. */
export const dayPresets = (now = new Date()) => [
  { label: 'Сегодня', from: today(now) },
  { label: 'Завтра', from: nextDay(today(now)) },
];
