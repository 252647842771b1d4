import { startTestShop, call, demoPhones, signIn } from '../server/testing/test-shop';
import { allSynced } from '../server/db/synced';
import { eventsOfMonth } from '../server/db/calendar-index';
import type { ShopEvent } from '../schema/studio/orders/event';
import { eventTypes } from '../schema/studio/orders/event';
import { median, row, timed } from './load';

/** n events spread over one year as a studio writes them: orders, sales, supplies, work days, birthdays. */
const benchEvents = (n: number, year: number): ShopEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `bench-event-${String(i).padStart(6, '0')}`,
    source: 'admin',
    title: `Событие ${i + 1}`,
    description: '',
    day: new Date(Date.UTC(year, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10),
    type: eventTypes[i % eventTypes.length].id,
    sum: (i % 7) * 1500,
    data: {},
    meta: { author: demoPhones.florist, createdAt: i },
  }));

/**
 * The calendar's month: what /api/events/list reads for one month with `n` events in the year (the view by day),
 * beside the way it read before, in the same process and run: every event ever written, then filtered to the month.
 */
export const benchCalendarMonth = async (n = 2000, runs = 21) => {
  const shop = await startTestShop();
  const events = shop.shop.storage.db('events');
  const year = 2030;
  const all = benchEvents(n, year);
  for (let i = 0; i < all.length; i += 500) await events.bulkDocs(all.slice(i, i + 500).map(({ id, ...rest }) => ({ _id: id, ...rest })));
  const florist = await signIn(shop.url, demoPhones.florist);
  const month = { month: 3, year };
  const expected = all.filter((e) => e.day.startsWith('2030-03-')).length;
  // The first query builds the view; a month read after that is what the calendar waits for. Through the API once, to check it.
  const answer = await call<ShopEvent[]>(shop.url, '/api/events/list', month, florist);
  if (answer.body.length !== expected) throw new Error(`/api/events/list answered ${JSON.stringify(answer.body).slice(0, 200)}`);
  const viaView: number[] = [];
  const readAll: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [t, listed] = await timed(() => eventsOfMonth(events, month));
    if (listed.length !== expected) throw new Error(`listed ${listed.length} events, expected ${expected}`);
    viaView.push(t);
    const [b, everything] = await timed(async () => (await allSynced<ShopEvent>(events)).filter((e) => e.day.startsWith('2030-03-')));
    if (everything.length !== expected) throw new Error(`read ${everything.length} events, expected ${expected}`);
    readAll.push(b);
  }
  row(`calendar month, ${n} events in the year (median of ${runs})`, `${median(viaView).toFixed(1)} ms`, 'every event read, then filtered (before)', `${median(readAll).toFixed(1)} ms`, median(viaView) / median(readAll));
  await shop.close();
};
