import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { today } from '../schema/shared/day';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen } from './admin-journeys';

const newTask = async (page: Page, title: string) => {
  await page.getByRole('link', { name: 'Задачи' }).first().click();
  await page.getByRole('link', { name: 'Новая задача' }).click();
  await page.locator('#field-title').fill(title);
  await page.locator('#field-due').fill(today());
  await page.locator('#field-dueTime').fill('10:30');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await page.getByRole('heading', { name: 'Задачи' }).waitFor();
  await page.getByRole('link', { name: title }).waitFor();
};

/**
 * A florist's day without network: she loads the back-office online, loses the network, reloads, adds tasks, ticks
 * one off and adds a courier. Back online, the server holds each change exactly once, signed with her phone.
 */
describe('the back-office offline', () => {
  const journey = journeyPerFile();

  it('keeps a florist working and sends her changes once when the network returns', async () => {
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin', 'Рабочий стол');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();

    await newTask(page, 'Собрать букет для Анны');
    await newTask(page, 'Принять поставку роз');
    await page.getByRole('checkbox', { name: 'Готово: Собрать букет для Анны' }).click();
    await page.getByRole('checkbox', { name: 'Готово: Собрать букет для Анны', checked: true }).waitFor();
    await page.getByRole('link', { name: 'Рабочий стол' }).click();
    // The dashboard's today list is read from the device: both tasks, one ticked.
    await page.getByRole('checkbox', { name: 'Готово: Собрать букет для Анны', checked: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Готово: Принять поставку роз', checked: false }).waitFor();

    await page.getByRole('link', { name: 'Курьеры' }).first().click();
    await page.getByRole('link', { name: 'Новый курьер' }).click();
    await page.locator('#field-name').fill('Пётр Курьеров');
    await page.locator('#field-phone').pressSequentially('9161234567');
    await page.locator('#field-feePerDelivery').fill('450');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('link', { name: 'Пётр Курьеров' }).waitFor();

    expect(await officeOnServer(journey().shop, 'task')).toEqual([]);
    expect(await officeOnServer(journey().shop, 'courier')).toEqual([]);

    await context.setOffline(false);
    await waitFor('the changes on the server', async () => {
      const tasks = await officeOnServer(journey().shop, 'task');
      const couriers = await officeOnServer(journey().shop, 'courier');
      return tasks.some((t) => t.data.status === 'done') && tasks.length === 2 && couriers.length === 1;
    }, 60_000);

    const tasks = await officeOnServer(journey().shop, 'task');
    expect(tasks.map((t) => [t.title, t.data.status, t.day, t.createdBy, t.updatedBy]).sort()).toEqual([
      ['Принять поставку роз', 'todo', today(), demoPhones.florist, demoPhones.florist],
      ['Собрать букет для Анны', 'done', today(), demoPhones.florist, demoPhones.florist],
    ]);
    const [courier] = await officeOnServer(journey().shop, 'courier');
    expect(courier).toMatchObject({ createdBy: demoPhones.florist, updatedBy: demoPhones.florist, data: { name: 'Пётр Курьеров', phone: '79161234567', feePerDelivery: 450, active: true } });
    // And the records API answers them as the server's own (spec §7's list shape).
    const listed = await page.evaluate(async () => (await (await fetch('/api/tasks/list', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { data: { total: number } });
    expect(listed.data.total).toBe(2);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[13]/.test(e))).toEqual([]);
    await context.close();
  });
});
