import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { formatRoubles } from '../schema/shared/money';
import { orderNo, orderTitle } from '../schema/studio/orders/order-number';
import { demoPhones } from '../server/testing/test-shop';
import { techCardStudio } from '../server/testing/tech-card-studio';
import { recordFromDoc } from '../server/orders/order-record';
import { counterSales } from '../client/studio/orders/board/board-orders';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen } from './admin-journeys';

/**
 * Issue 29, items 2 and 4, on a 390 px phone: a walk-in counter sale (no phone, no name) completes at once — handed
 * over, paid, its stems taken by its tech card — and is in the day's takings; the calendar then shows the day whole:
 * the supply, the sale, a write-off and the shift's close, offline too, and filters by type.
 */
/** The phone the outside review used: a 390 × 844 screen. */
const phone = { width: 390, height: 844 };

describe('a studio’s day: the counter sale and the calendar', () => {
  const journey = journeyPerFile();

  it('sells without a phone, takes the stems, counts the takings, and the calendar shows the whole day offline too', async () => {
    const { shop } = journey();
    const s = await techCardStudio(shop.url);
    const roses = await s.balance(s.rose);
    await s.save('slips', { day: today(), warehouse: s.cold, lines: [{ flower: s.rose, qty: 2, reason: 'wilted' }], note: 'Сломались' }, s.florist);

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin/orders/counter', { name: 'Продажа в студии', level: 1 }, phone);
    await page.locator('input[name=product-search]').fill(s.bouquet.name.slice(0, 6));
    await page.getByRole('button', { name: `Добавить: ${s.bouquet.name}` }).click();
    await page.getByRole('radio', { name: 'Наличные' }).check();
    // A half-typed phone is refused beside the button that was pressed, then left out altogether.
    await page.locator('input[name=customer-phone]').pressSequentially('91612');
    await page.getByRole('button', { name: 'Записать продажу' }).click();
    await page.locator('.studio-order__refusal').filter({ hasText: 'Телефон покупателя: Номер телефона: +7 и 10 цифр — или оставьте поле пустым' }).waitFor();
    await page.locator('input[name=customer-phone]').fill('');
    await page.getByRole('button', { name: 'Записать продажу' }).click();
    await page.getByRole('heading', { name: 'Продажа записана' }).waitFor();
    const number = await waitFor('the sale numbered', async () => {
      const text = await page.getByRole('link', { name: /^Заказ №\s\d+$/ }).textContent({ timeout: 1000 }).catch(() => null);
      return text ? Number(text.replace(/\D/g, '')) : null;
    }, 60_000);
    expect(await page.getByRole('link', { name: orderTitle(number) }).count()).toBe(1);

    const sale = await waitFor('the sale handed over and paid', async () => {
      const docs = (await shop.shop.storage.db('orders').allDocs({ include_docs: true })).rows.flatMap((r) => (r.id.startsWith('_') || !r.doc ? [] : [recordFromDoc(r.doc)]));
      const o = docs.find((d) => d.number === number);
      return o?.status === 'done' && o.paid?.status === 'paid' ? o : null;
    }, 60_000);
    expect(sale).toMatchObject({ customer: '', source: 'showcase', sender: { phone: '', name: 'Покупатель в студии' }, paid: { method: 'cash', by: demoPhones.florist } });
    // Its tech card's 15 roses left the cold room, beside the 2 written off.
    expect(await s.balance(s.rose)).toBe(roses - 2 - 15);

    // The board closes the day with it under «Продажи в студии», in no delivery slot.
    await page.goto('/admin/orders');
    const card = page.getByRole('link', { name: orderNo(number), exact: true });
    await page.getByRole('region', { name: counterSales }).getByRole('link', { name: orderNo(number), exact: true }).waitFor();
    expect(await card.count()).toBe(1);

    // The day's takings hold it: the full close shows it, and closes the day with it.
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Закрыть смену' }).click();
    await page.getByRole('button', { name: 'Полное закрытие: пересчёт кассы и отчёт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Полное закрытие смены' });
    await dialog.getByTestId('takings-cash').filter({ hasText: formatRoubles(sale.total) }).waitFor({ timeout: 30_000 });
    await dialog.locator('input[name="close-opening"]').fill('0');
    await dialog.locator('input[name="close-cash"]').fill(String(sale.total));
    await dialog.locator('input[name="close-card"]').fill('0');
    await dialog.getByRole('button', { name: 'Закрыть смену' }).click();
    await waitFor('the close on the server', async () => (await officeOnServer(shop, 'shift')).length === 1, 60_000);

    // The calendar's day: the supply, the sale, the write-off, the shift's close.
    await page.goto(`/admin/calendar?day=${today()}`);
    const day = page.locator('.calendar__opened');
    const line = (type: string, title: RegExp) => day.locator('.event-line').filter({ has: page.locator('.event-line__type', { hasText: type }) }).filter({ hasText: title });
    const whole = async () => {
      await line('Закупка', /^Закупка/).waitFor({ timeout: 30_000 });
      await line('Продажа', /Продажа в студии/).waitFor({ timeout: 30_000 });
      await line('Событие', /Списание/).waitFor({ timeout: 30_000 });
      await line('Событие', /Закрытие смены/).waitFor({ timeout: 30_000 });
    };
    await whole();
    expect(await line('Заказ', /./).count()).toBe(0);

    // Offline: the same day from what the device holds.
    await context.setOffline(true);
    await page.getByRole('link', { name: /^Следующий месяц/ }).click();
    await page.getByRole('link', { name: /^Предыдущий месяц/ }).click();
    await page.getByText('Нет связи с сервером: показаны события, сохранённые на этом устройстве.').waitFor();
    await page.locator(`td[data-day="${today()}"] a`).click();
    await whole();
    // Filtered by type: only the supply.
    await page.getByRole('list', { name: 'Показать события типа' }).getByRole('link', { name: 'Закупка' }).click();
    await waitFor('only the supply', async () => (await day.locator('.event-line').count()) === 1);
    await line('Закупка', /^Закупка/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.setOffline(false);

    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  });
});
