import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultReceiptSettings } from '../../schema/studio/receipts/receipt';
import { startAtolDriverStandIn } from '../../server/testing/atol-driver-stand-in';
import { printsOfOrder, runCounterPrints } from './counter-prints';
import { openOfficeDevice, queueCashSale, type OfficeDevice } from './testing/office-device';

/**
 * The staff shell's printer of the device's counter prints (issue 30, item 2): a queued print goes to the register
 * without anyone asking, and once stopped (sign-out) the printer takes no round, by its timer or by a new print.
 */
describe('the device’s counter printer', () => {
  let driver: Awaited<ReturnType<typeof startAtolDriverStandIn>>;
  let db: OfficeDevice;
  beforeAll(async () => {
    driver = await startAtolDriverStandIn();
    db = await openOfficeDevice('counter-printer');
  });
  afterAll(async () => {
    await db?.close();
    await driver?.close();
  });

  const queueSale = (order: string) => queueCashSale(db, order);

  it('prints what is queued while it runs, and nothing once stopped', async () => {
    let tick: (() => void) | undefined;
    let cancelled = false;
    const printer = runCounterPrints(db.office, () => ({ url: driver.url, settings: defaultReceiptSettings }), {
      every: (fn) => {
        tick = fn;
        return () => void (cancelled = true);
      },
    });
    await queueSale('runnerorder00001');
    await expect.poll(async () => (await printsOfOrder(db.office, 'runnerorder00001'))[0]?.state, { timeout: 10_000 }).toBe('printed');
    expect(driver.tasks()).toHaveLength(1);

    await printer.stop();
    expect(cancelled).toBe(true);
    await queueSale('runnerorder00002');
    tick?.();
    expect(await printer.round()).toBe(0);
    expect((await printsOfOrder(db.office, 'runnerorder00002'))[0]).toMatchObject({ state: 'queued', tries: 0 });
    expect(driver.tasks()).toHaveLength(1);
  });
});
