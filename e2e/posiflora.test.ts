import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { startPosifloraStandIn } from '../server/testing/posiflora-stand-in';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs } from './admin-journeys';

/** Issue 22, item 5, in the browser: an admin connects Posiflora, imports, and a second run brings only the change. */
describe('the Posiflora import at /admin/posiflora', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });
  let posiflora: Awaited<ReturnType<typeof startPosifloraStandIn>>;
  beforeAll(async () => {
    posiflora = await startPosifloraStandIn();
    const old = new Date(Date.now() - 3_600_000).toISOString();
    posiflora.data.customers.push(
      { id: 'c-1', type: 'customers', attributes: { title: 'Вера Импортова', phone: '+7 916 555-01-01', status: 'on', updatedAt: old } },
      { id: 'c-2', type: 'customers', attributes: { title: 'Олег Импортов', phone: '89165550102', status: 'on', updatedAt: old } },
    );
    posiflora.data.orders.push({
      id: 'o-1',
      type: 'orders',
      attributes: { docNo: 'П-777', status: 'done', date: '2026-11-20', totalAmount: 4990, delivery: false, updatedAt: old },
      relationships: { customer: { data: { type: 'customers', id: 'c-1' } } },
    });
  });
  afterAll(() => posiflora.close());

  it('brings the clients and orders, and a second run only the changes', async () => {
    const context = await contextAs(journey(), demoPhones.admin);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/posiflora');
    await page.getByTestId('posiflora-state').filter({ hasText: 'Не подключена' }).waitFor();
    await page.getByLabel('Адрес аккаунта').fill(posiflora.url);
    await page.getByLabel('Логин').fill('studio');
    await page.getByLabel('Пароль').fill('wrong');
    await page.getByRole('button', { name: 'Подключить' }).click();
    await page.getByRole('alert').filter({ hasText: 'Posiflora не приняла логин и пароль' }).waitFor();
    await page.getByLabel('Пароль').fill('secret');
    await page.getByRole('button', { name: 'Подключить' }).click();
    await page.getByTestId('posiflora-state').filter({ hasText: 'Подключена' }).waitFor();

    await page.getByRole('button', { name: 'Перенести сейчас' }).click();
    await page.getByRole('status').filter({ hasText: 'Перенос завершён' }).waitFor();
    const log = page.locator('.posiflora-page__log').first();
    await log.getByText('Клиенты: прочитано 2, записано 2, пропущено 0').waitFor();
    await page.getByRole('region', { name: 'Заказы из Posiflora' }).getByRole('row').filter({ hasText: 'П-777' }).filter({ hasText: '+7 (916) 555-01-01' }).waitFor();

    posiflora.data.customers[1] = { ...posiflora.data.customers[1]!, attributes: { ...posiflora.data.customers[1]!.attributes, title: 'Олег Петрович', updatedAt: new Date(Date.now() - 1).toISOString() } };
    await page.getByRole('button', { name: 'Перенести сейчас' }).click();
    await log.getByText('Клиенты: прочитано 1, записано 1, пропущено 0').waitFor();

    await page.goto('/admin/clients?q=Импорт');
    await page.getByRole('cell', { name: 'Вера Импортова' }).waitFor();
    await page.goto('/admin/clients?q=Олег');
    await page.getByRole('cell', { name: 'Олег Петрович' }).waitFor();
    // The one refused sign-in to Posiflora, as the browser logs any 4xx.
    expect(errors).toEqual([`console: Failed to load resource: the server responded with a status of 400 (Bad Request) (${journey().shop.url}/api/posiflora/connect)`]);
    await context.close();
  });

  it('shows a florist the log, but no way to connect or run', async () => {
    const context = await contextAs(journey(), demoPhones.florist);
    const page = await context.newPage();
    await page.goto('/admin/posiflora');
    await page.getByRole('heading', { name: 'Журнал переносов' }).waitFor();
    expect(await page.getByLabel('Пароль').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Перенести сейчас' }).count()).toBe(0);
    await page.goto('/admin/posiflora/schemas');
    await page.getByRole('heading', { name: 'Схемы Posiflora' }).waitFor();
    await context.close();
  });
});
