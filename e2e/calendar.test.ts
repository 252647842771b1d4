import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nextDay, today } from '../schema/shared/day';
import { monthOf, type ShopEvent } from '../schema/studio/orders/event';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, phoneViewport, watchErrors } from './harness';
import { waitFor, waitForOfflineReady } from './journeys';
import { contextAs } from './admin-journeys';
import { placeOrders } from './order-journeys';

/** A day cell of the month grid, by its accessible name (the day, its events' types, their sum). */
const dayCell = (page: Page, day: string) => page.locator(`td[data-day="${day}"] a`);

const eventsOnServer = async (shop: ReturnType<ReturnType<typeof journeyPerFile>>['shop'], month: { month: number; year: number }) =>
  (await call<ShopEvent[]>(shop.url, '/api/events/list', month, await signIn(shop.url, demoPhones.admin))).body;

/**
 * The studio's calendar: an order by its delivery day, a shift closing, a work day and a birthday in one month grid,
 * a day opened into its list, an event added on a chosen day; the same month offline after a reload, and on a 360 px phone.
 */
describe('the calendar', () => {
  const journey = journeyPerFile();

  it('shows an order, a shift closing, a work day and a birthday on their days, online, offline and on a phone', async () => {
    const { shop } = journey();
    const delivery = nextDay(today());
    const month = monthOf(delivery);
    const at = (d: number) => `${month.year}-${String(month.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    // Days of their own, apart from the order's delivery day, whatever day the journey runs.
    const [shiftDay, workDay, offlineDay, birthdayDay] = [1, 10, 12, 20, 5].map(at).filter((d) => d !== delivery);
    const [order] = await placeOrders(shop, '79161230001', 1);
    // A close written on its day (a shift closes only today: server/days/quick-close-day.test.ts), work days and
    // birthdays by other screens (staff, clients); here straight into the store, on days of the month shown.
    const events = shop.shop.storage.db('events');
    await events.put({ _id: 'shift-close-journey-1', source: 'admin', title: 'Закрытие смены', description: '', day: shiftDay, type: 'event', sum: 48200, data: {}, meta: { author: demoPhones.florist, createdAt: 1 } });
    await events.put({ _id: 'workday-journey-1', source: 'staff', title: 'Рабочий день: Мария', description: '', day: workDay, type: 'workday', sum: 0, data: {}, meta: { author: demoPhones.admin, createdAt: 1 } });
    await events.put({ _id: 'birthday-journey-1', source: 'clients', title: 'День рождения: Ольга', description: 'Позвонить и предложить букет', day: birthdayDay, type: 'birthday', sum: 0, data: {}, meta: { author: demoPhones.admin, createdAt: 1 } });

    const context = await contextAs(journey(), demoPhones.florist);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`/admin/calendar?month=${month.month}&year=${month.year}`);
    await page.getByRole('heading', { name: 'Календарь' }).waitFor();
    const expectDays = async () => {
      await expect.poll(() => dayCell(page, delivery).getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/1 Заказ/);
      expect(await dayCell(page, shiftDay).getAttribute('aria-label')).toMatch(/Событие, 48\s200\s₽/);
      expect(await dayCell(page, workDay).getAttribute('aria-label')).toMatch(/Рабочий день/);
      expect(await dayCell(page, birthdayDay).getAttribute('aria-label')).toMatch(/День рождения/);
    };
    await expectDays();
    // Monday first, in Russian.
    expect(await page.locator('.calendar__grid th').allTextContents()).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);

    // A day opens into its list; an event is created on it.
    await dayCell(page, birthdayDay).click();
    await page.getByText('День рождения: Ольга').waitFor();
    await page.getByRole('link', { name: 'Добавить событие на этот день' }).click();
    await page.getByRole('heading', { name: 'Новое событие' }).waitFor();
    expect(await page.locator('input[name="day"]').inputValue()).toBe(birthdayDay);
    await page.locator('input[name="title"]').fill('Мастер-класс: весенний букет');
    await page.locator('select[name="type"]').selectOption('event');
    await page.locator('input[name="sum"]').fill('15000');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('heading', { name: 'Календарь' }).waitFor();
    await page.getByText('Мастер-класс: весенний букет').waitFor();
    const created = (await eventsOnServer(shop, month)).find((e) => e.title === 'Мастер-класс: весенний букет');
    expect(created).toMatchObject({ day: birthdayDay, type: 'event', sum: 15000, meta: { author: demoPhones.florist } });
    expect(page.url()).toContain(`day=${birthdayDay}`);

    // Moving by month: the address follows, and back again.
    const next = month.month === 12 ? { month: 1, year: month.year + 1 } : { month: month.month + 1, year: month.year };
    await page.getByRole('link', { name: /^Следующий месяц/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('month')).toBe(String(next.month));
    expect(new URL(page.url()).searchParams.get('year')).toBe(String(next.year));
    await page.getByRole('link', { name: /^Предыдущий месяц/ }).click();
    await expect.poll(() => dayCell(page, delivery).getAttribute('aria-label')).toMatch(/1 Заказ/);

    // Offline, after a reload: the device's copy shows the same month.
    await waitForOfflineReady(page);
    // The device has pulled all five events (order, shift closing, work day, birthday, the new one).
    await waitFor('the device holds the month', async () =>
      (await page.evaluate(async () => (await (window as unknown as { shopData?: { shop: { events: { count(): { exec(): Promise<number> } } } } }).shopData?.shop.events.count().exec()) ?? 0)) >= 5);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Календарь' }).waitFor();
    await page.getByText('Нет связи с сервером').waitFor();
    await expectDays();
    expect(await dayCell(page, birthdayDay).getAttribute('aria-label')).toMatch(/2 Событие, День рождения/);
    // An event added offline waits on the device, shows in its day, and reaches the server signed once back online.
    await dayCell(page, offlineDay).click();
    await page.getByRole('link', { name: 'Добавить событие на этот день' }).click();
    await page.locator('input[name="title"]').fill('Поставка тюльпанов');
    await page.locator('select[name="type"]').selectOption('supply');
    await page.locator('input[name="sum"]').fill('9000');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('heading', { name: 'Календарь' }).waitFor();
    await page.getByText('Поставка тюльпанов').waitFor();
    expect(await dayCell(page, offlineDay).getAttribute('aria-label')).toMatch(/Закупка, 9\s000\s₽/);
    await context.setOffline(false);
    const pushed = await waitFor('the offline event on the server', async () => (await eventsOnServer(shop, month)).find((e) => e.title === 'Поставка тюльпанов'), 60_000);
    expect(pushed).toMatchObject({ day: offlineDay, type: 'supply', sum: 9000, meta: { author: demoPhones.florist } });
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[013]/.test(e))).toEqual([]);
    await context.close();

    // On a 360 px phone nothing is cut: the page does not scroll sideways and no day's text overflows its cell.
    const phone = await contextAs(journey(), demoPhones.florist, phoneViewport, { serviceWorker: false });
    const small = await phone.newPage();
    await small.goto(`/admin/calendar?month=${month.month}&year=${month.year}&day=${shiftDay}`);
    await expect.poll(() => dayCell(small, delivery).getAttribute('aria-label'), { timeout: 30_000 }).toMatch(/1 Заказ/);
    await small.getByText('Закрытие смены').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phoneViewport.width);
    const overflowing = await small.locator('.calendar__day a, .event-line').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(overflowing).toEqual([]);
    await phone.close();
    expect(order.number).toBeGreaterThan(0);
  });
});
