import { contextAs } from '../e2e/admin-journeys';
import { phoneViewport, startJourney } from '../e2e/harness';
import { waitFor } from '../e2e/journeys';
import { sampleOrder } from '../client/data/sample-orders';
import { nextDay, today } from '../schema/shared/day';
import { demoPhones } from '../server/testing/test-shop';
import { toSynced } from '../server/db/synced';
import { median, row, timed } from './load';

/**
 * The board in Chromium on a 360 px phone (issue 10): a florist whose device holds a busy day of `perDay` orders
 * reloads `/admin/orders` until every card of the day is on the page. Baseline, same run: the same reload of the
 * board on a day without orders (the shell, the device database and the query alone), so the figure beside it is
 * what 300 cards cost.
 */
export const benchBoardInBrowser = async (perDay = 300, runs = 5) => {
  const journey = await startJourney();
  try {
    const busy = nextDay(today());
    const quiet = nextDay(busy);
    const copies = Array.from({ length: perDay }, (_, i) => sampleOrder(i, busy, { id: `bench-board-${String(i).padStart(6, '0')}` }));
    await journey.shop.shop.storage.db('studio-orders').bulkDocs(copies.map((o) => ({ _id: o.id, ...toSynced(o) })));
    const context = await contextAs(journey, demoPhones.florist, phoneViewport);
    const page = await context.newPage();
    await page.goto(`/admin/orders?from=${busy}`);
    await waitFor('the day pulled to the device', async () => (await page.locator('.order-card').count()) === perDay, 60_000);

    const open = async (day: string, cards: number) => {
      const [ms] = await timed(async () => {
        await page.goto(`/admin/orders?from=${day}`);
        await waitFor(`${cards} cards`, async () => (await page.locator('.order-card').count()) === cards && (await page.locator('.orders-board').count()) > 0, 60_000);
      });
      return ms;
    };
    const full: number[] = [];
    const empty: number[] = [];
    for (let i = 0; i < runs; i++) {
      full.push(await open(busy, perDay));
      empty.push(await open(quiet, 0));
    }
    const [f, e] = [median(full), median(empty)];
    row(`board at 360 px, ${perDay} cards (Chromium)`, `${f.toFixed(0)} ms`, 'the same board, a day without orders', `${e.toFixed(0)} ms`, f / e);
    await context.close();
  } finally {
    await journey.close();
  }
};
