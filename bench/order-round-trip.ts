import crypto from 'node:crypto';
import { contextAs } from '../e2e/admin-journeys';
import { startJourney } from '../e2e/harness';
import { openOrder, placeOrders, shownStatus, statusButton } from '../e2e/order-journeys';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { median, row, timed } from './load';

/**
 * A status change's round trip to a second device (issue 10), in Chromium: the florist taps «Подтверждён» on her
 * order page; timed until the manager's page, open on the same order on another device, shows it. That is the
 * command written on the device, pushed, applied by the server, the staff copy pulled after the change signal.
 * Baseline, same run: the same change made by the server at once (the command through /api) until that page shows it,
 * which is the pull alone.
 */
export const benchStatusRoundTrip = async (runs = 5) => {
  const journey = await startJourney();
  try {
    const orders = await placeOrders(journey.shop, '79550007788', runs * 2);
    const florist = await contextAs(journey, demoPhones.florist);
    const manager = await contextAs(journey, demoPhones.manager);
    const [device, second] = [await florist.newPage(), await manager.newPage()];
    const cookie = await signIn(journey.shop.url, demoPhones.florist);
    const viaDevice: number[] = [];
    const viaServer: number[] = [];
    for (let i = 0; i < runs; i++) {
      const mine = orders[2 * i];
      await openOrder(device, mine);
      await openOrder(second, mine);
      const [ms] = await timed(async () => {
        await statusButton(device, 'Подтверждён').click();
        await shownStatus(second, 'Подтверждён');
      });
      viaDevice.push(ms);

      const theirs = orders[2 * i + 1];
      await openOrder(second, theirs);
      const [serverMs] = await timed(async () => {
        const answer = await call(journey.shop.url, '/api/orders/command', { id: `bench-${crypto.randomUUID()}`, order: theirs.id, action: { kind: 'status', from: 'new', to: 'confirmed' } }, cookie);
        if (answer.status !== 200) throw new Error(`command ${answer.status}`);
        await shownStatus(second, 'Подтверждён');
      });
      viaServer.push(serverMs);
    }
    const [d, s] = [median(viaDevice), median(viaServer)];
    row('status change, device → second device (Chromium)', `${d.toFixed(0)} ms`, 'changed on the server → that device', `${s.toFixed(0)} ms`, d / s);
    await florist.close();
    await manager.close();
  } finally {
    await journey.close();
  }
};
