import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { shiftId, type ShiftClose } from '../schema/entities/shift';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, phoneViewport } from './harness';
import { officeOnServer, openStaffScreen } from './admin-journeys';

/**
 * Issue 21, item 1: a day closed elsewhere. The florist's offline close of a day the manager closed on another device
 * is refused with the server's reason beside the form once it is pushed. Its own file since issue 27 (a shift closes
 * only today): it takes today's close, and the other journey closes today's too.
 */
describe('the full close of a shift closed elsewhere', () => {
  const journey = journeyPerFile();

  it('says the server’s reason beside the form once an offline close of a day closed elsewhere is pushed', async () => {
    const { shop } = journey();
    // Today, with nothing paid: the close expects nothing, so a count of 300 ₽ is a difference the note explains.
    const offline = today();
    const closeOf = (day: string): ShiftClose => ({
      day, opening: 0, takings: { cash: 0, card: 0, transfer: 0, online: 0 }, orders: 0, counterSales: 0, cashIn: 0, cashOut: 0, expectedCash: 0, expectedCard: 0,
      counted: { cash: 0, card: 0 }, cashMoves: [], note: '', round: 1,
    });
    // The manager's close of that day, made on another device: straight into the store, as it would be by then.
    const closeElsewhere = async (day: string) => {
      const at = Date.now();
      const doc = { _id: shiftId(day), type: 'shift', v: 1, title: `Смена ${day}`, day, createdBy: demoPhones.manager, createdAt: at, updatedBy: demoPhones.manager, updatedAt: at, data: closeOf(day) };
      await shop.shop.storage.db('office').put(doc);
    };

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin', 'Рабочий стол', phoneViewport);

    const open = async () => {
      await page.getByRole('button', { name: 'Закрыть смену' }).click();
      await page.getByRole('button', { name: 'Полное закрытие: пересчёт кассы и отчёт' }).click();
      const dialog = page.getByRole('dialog', { name: 'Полное закрытие смены' });
      await dialog.waitFor();
      return dialog;
    };
    const fill = async (dialog: Awaited<ReturnType<typeof open>>, day: string) => {
      await dialog.locator('input[name="close-day"]').fill(day);
      await dialog.locator('input[name="close-cash"]').fill('300');
      await dialog.locator('input[name="close-card"]').fill('0');
      await dialog.locator('textarea[name="close-note"]').fill('Пересчитала дважды');
      await dialog.getByTestId('difference').filter({ hasText: 'наличные +300 ₽' }).waitFor();
      await dialog.getByRole('button', { name: 'Закрыть смену' }).click();
    };

    // Offline the close waits on the phone; meanwhile the manager closes that day; the push is refused and says why.
    await context.setOffline(true);
    const dialog = await open();
    await fill(dialog, offline);
    const closedDialog = page.getByRole('dialog', { name: 'Смена закрыта' });
    await closedDialog.getByRole('article', { name: `Отчёт о смене ${offline}` }).first().waitFor();
    await closeElsewhere(offline);
    await context.setOffline(false);
    await page.getByRole('dialog').getByRole('alert').filter({ hasText: 'Сервер не принял закрытие смены: Смена за этот день уже закрыта' }).waitFor({ timeout: 60_000 });
    expect((await officeOnServer(shop, 'shift')).filter((c) => c.data.day === offline)).toMatchObject([{ createdBy: demoPhones.manager, data: { counted: { cash: 0 } } }]);
    // The refused 409 and the offline requests are the browser's own lines; nothing else went wrong.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|status of 409/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);
});
