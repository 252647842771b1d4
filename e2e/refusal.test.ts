import { describe, expect, it } from 'vitest';
import { journeyPerFile } from './harness';
import { signInThroughDialog, waitFor } from './journeys';

const event = (id: string, sum: number) => ({
  id, source: 'admin', title: 'Продажа', description: '', day: '2026-11-20', type: 'sell', sum, data: {}, meta: { author: '79000000003', createdAt: 1 },
});

/**
 * A change the server refuses — here one an older version of the app could have stored, written past today's
 * checks — is reported to the user, undone on the device, and the changes after it still reach the server.
 */
describe('a refused change', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('is shown to the user and does not hold up the rest', async () => {
    const context = await journey().newContext();
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughDialog(page, journey().shop, '79000000003');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    await page.evaluate(
      async (docs) => {
        const { events } = (window as unknown as { shopData: { shop: { events: { insert(d: unknown): Promise<unknown> } } } }).shopData.shop;
        for (const d of docs) await events.insert(d);
      },
      [event('sale-before-0001', 1500), event('sale-refused-001', -300), event('sale-after-00001', 2500)],
    );
    await page.getByText(/Сервер отклонил изменение: .+/).waitFor();
    const stored = async () => (await journey().shop.shop.storage.db('events').allDocs({ keys: ['sale-before-0001', 'sale-refused-001', 'sale-after-00001'] })).rows.map((r) => 'value' in r && !!r.value);
    await waitFor('the accepted sales on the server', async () => (await stored()).filter(Boolean).length === 2);
    expect(await stored()).toEqual([true, false, true]);
    await waitFor('the refused sale to be undone on the device', () =>
      page.evaluate(async () => !(await (window as unknown as { shopData: { shop: { events: { findOne(id: string): { exec(): Promise<unknown> } } } } }).shopData.shop.events.findOne('sale-refused-001').exec())),
    );
    await context.close();
  });
});
