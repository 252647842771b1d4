import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addDays, today } from '../schema/day';
import type { ShiftClose } from '../schema/entities/shift';
import { formatRoubles } from '../schema/money';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, phoneViewport } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen } from './admin-journeys';
import { placeOrders } from './order-journeys';

/**
 * Issue 21, item 1: a florist closes a full shift offline — the day's orders paid in cash and by card, cash taken out
 * for the market, the till counted short with a note — and once online the server holds that one close, agreeing with
 * the report she saw, and the charge she made, once each.
 */
describe('the full close of a shift', () => {
  const journey = journeyPerFile();

  it('says the server’s reason beside the form when the day was closed elsewhere, online and once an offline close is pushed', async () => {
    const { shop } = journey();
    const manager = await signIn(shop.url, demoPhones.manager);
    // Days with nothing paid: the close expects nothing, so a count of 300 ₽ is a difference the note explains.
    const [online, offline] = [addDays(today(), -40), addDays(today(), -39)];
    const closeOf = (day: string): ShiftClose => ({
      day, opening: 0, takings: { cash: 0, card: 0, transfer: 0, online: 0 }, orders: 0, counterSales: 0, cashIn: 0, cashOut: 0, expectedCash: 0, expectedCard: 0,
      counted: { cash: 0, card: 0 }, cashMoves: [], note: '', round: 1,
    });
    const closeElsewhere = async (day: string) => expect((await call(shop.url, '/api/shifts/update', { data: closeOf(day) }, manager)).status).toBe(200);

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin', 'Рабочий стол', phoneViewport);
    // The manager's close has not reached this phone: its office pulls are held back.
    let release = () => {};
    const pulled = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/db/office/_changes**', async (route) => (await pulled, route.continue().catch(() => undefined)));
    await closeElsewhere(online);

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

    let dialog = await open();
    await fill(dialog, online);
    await dialog.getByRole('alert').filter({ hasText: 'Смена за этот день уже закрыта' }).waitFor();
    expect({
      day: await dialog.locator('input[name="close-day"]').inputValue(),
      cash: await dialog.locator('input[name="close-cash"]').inputValue(),
      note: await dialog.locator('textarea[name="close-note"]').inputValue(),
    }).toEqual({ day: online, cash: '300', note: 'Пересчитала дважды' });
    await expect(dialog.getByRole('button', { name: 'Закрыть смену' }).isEnabled()).resolves.toBe(true);
    expect((await officeOnServer(shop, 'shift')).filter((c) => c.data.day === online)).toMatchObject([{ createdBy: demoPhones.manager }]);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    release();
    await context.unroute('**/db/office/_changes**');

    // Offline the close waits on the phone; meanwhile the manager closes that day; the push is refused and says why.
    await context.setOffline(true);
    dialog = await open();
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

  it('closes offline with a cash difference and a note; the report and the server agree once online', async () => {
    const { shop } = journey();
    const [cashOrder, cardOrder] = await placeOrders(shop, '79550000021', 3);
    const manager = await signIn(shop.url, demoPhones.manager);
    for (const [o, method] of [[cashOrder, 'cash'], [cardOrder, 'card']] as const) {
      const paid = await call(shop.url, '/api/orders/command', { id: `cmd-${crypto.randomUUID()}`, order: o.id, action: { kind: 'payment', status: 'paid', method } }, manager);
      expect(paid.status).toBe(200);
    }
    const opening = 1000;
    const taken = 500;
    const expectedCash = opening + cashOrder.total - taken;
    const counted = expectedCash - 100;

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin', 'Рабочий стол', phoneViewport);

    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    await page.getByRole('button', { name: 'Полное закрытие: пересчёт кассы и отчёт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Полное закрытие смены' });
    // The device holds the studio's orders: what came in today, by method, before the network goes.
    await dialog.getByTestId('takings-card').filter({ hasText: formatRoubles(cardOrder.total) }).waitFor({ timeout: 30_000 });
    await dialog.getByTestId('takings-cash').filter({ hasText: formatRoubles(cashOrder.total) }).waitFor();

    await context.setOffline(true);
    await dialog.locator('select[name="move-direction"]').selectOption('out');
    await dialog.locator('select[name="move-category"]').selectOption({ label: 'Закупка на базе' });
    await dialog.locator('input[name="move-amount"]').fill(String(taken));
    await dialog.locator('input[name="move-note"]').fill('Эвкалипт');
    await dialog.getByRole('button', { name: 'Добавить движение' }).click();
    await dialog.getByRole('list', { name: 'Движения наличных' }).getByText('Выдано: Закупка на базе').waitFor();

    await dialog.locator('input[name="close-opening"]').fill(String(opening));
    await dialog.getByTestId('expected-cash').filter({ hasText: formatRoubles(expectedCash) }).waitFor();
    await dialog.locator('input[name="close-cash"]').fill('сто');
    await dialog.locator('input[name="close-card"]').fill(String(cardOrder.total));
    await dialog.getByRole('button', { name: 'Закрыть смену' }).click();
    await dialog.getByText('Пересчёт — целое число рублей, например 12500').waitFor();

    await dialog.locator('input[name="close-cash"]').fill(String(counted));
    await dialog.getByTestId('difference').filter({ hasText: 'наличные −100 ₽, карта сходится' }).waitFor();
    await dialog.getByRole('button', { name: 'Закрыть смену' }).click();
    await dialog.getByText('Есть расхождение: объясните его в заметке').waitFor();
    await dialog.locator('textarea[name="close-note"]').fill('Дала сдачу сотней больше');
    await dialog.getByRole('button', { name: 'Закрыть смену' }).click();

    const report = page.getByRole('article', { name: `Отчёт о смене ${today()}` }).first();
    await report.waitFor();
    const shown = {
      expected: await report.getByTestId('expected-cash').textContent(),
      counted: await report.getByTestId('counted-cash').textContent(),
      difference: await report.getByTestId('difference-cash').textContent(),
      card: await report.getByTestId('difference-card').textContent(),
    };
    expect(shown).toEqual({ expected: formatRoubles(expectedCash), counted: formatRoubles(counted), difference: '−100 ₽', card: 'сходится' });
    await report.getByText('Объяснение: Дала сдачу сотней больше').waitFor();
    const todays = async () => (await officeOnServer(shop, 'shift')).filter((c) => c.data.day === today());
    expect(await todays()).toEqual([]);
    expect(await officeOnServer(shop, 'charge')).toEqual([]);

    await context.setOffline(false);
    const [close] = await waitFor('the close on the server', async () => {
      const closes = await todays();
      return closes.length ? closes : null;
    }, 60_000);
    expect(close).toMatchObject({
      id: `shift-${today()}`,
      createdBy: demoPhones.florist,
      data: {
        day: today(),
        opening,
        takings: { cash: cashOrder.total, card: cardOrder.total, transfer: 0, online: 0 },
        orders: 2,
        cashOut: taken,
        expectedCash,
        expectedCard: cardOrder.total,
        counted: { cash: counted, card: cardOrder.total },
        cashMoves: [{ direction: 'out', category: 'market', amount: taken, note: 'Эвкалипт' }],
        note: 'Дала сдачу сотней больше',
      },
    });
    await waitFor('the charge on the server', async () => (await officeOnServer(shop, 'charge')).length === 1, 60_000);
    expect((await officeOnServer(shop, 'charge'))[0]).toMatchObject({ createdBy: demoPhones.florist, data: { amount: taken, category: 'market', method: 'cash', direction: 'out' } });

    // Signing out after the report: still one close and one charge on the server.
    await page.getByRole('button', { name: 'Выйти' }).click();
    await waitFor('the server session to end', async () => ((await (await page.request.get('/api/user')).json()) as { user: unknown }).user === null, 60_000);
    expect(await todays()).toHaveLength(1);
    expect(await officeOnServer(shop, 'charge')).toHaveLength(1);
    // Offline requests fail, and the page after signing out is answered 401 by what it asks first: nothing else.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|status of 401 \(Unauthorized\)/.test(e))).toEqual([]);
    await context.close();
  }, 180_000);
});
