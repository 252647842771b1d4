import { describe, expect, it } from 'vitest';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs, outcomeOf } from './admin-journeys';

/**
 * Reference lists (issue 19, item 9): an admin renames an order source and switches another off at /admin/refs; the
 * phone order form a manager opens offers the list as the admin left it. A manager may not open /admin/refs.
 */
describe('the reference lists', () => {
  const journey = journeyPerFile();

  it('an admin renames and switches off order sources, and the phone order form offers what the list holds', async () => {
    const adminContext = await contextAs(journey(), demoPhones.admin);
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto('/admin/refs');
    await admin.getByRole('heading', { name: 'Справочники' }).waitFor();
    // The seeded defaults are records: the write-off reasons are there to pick.
    await admin.getByRole('link', { name: 'Завяли' }).waitFor();

    await admin.goto('/admin/refs/ref-order-source-phone');
    const label = admin.getByLabel(/^Название/);
    await expect.poll(() => label.inputValue()).toBe('Телефон');
    await label.fill('Звонок');
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    // Back on the list: the order source and the client source («Звонок» too) are both there.
    await waitFor('the renamed entry listed', async () => (await admin.getByRole('link', { name: 'Звонок', exact: true }).count()) === 2);

    await admin.goto('/admin/refs/ref-order-source-marketplace');
    await expect.poll(() => admin.getByLabel(/^Название/).inputValue()).toBe('Маркетплейс');
    await admin.getByLabel(/^Используется/).uncheck();
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/refs');
    await admin.goto('/admin/refs/ref-client-source-social');
    await expect.poll(() => admin.getByLabel(/^Название/).inputValue()).toBe('Соцсети');
    await admin.getByLabel(/^Название/).fill('ВКонтакте');
    await admin.getByRole('button', { name: 'Сохранить' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/refs');
    // The client cards' list filters and the card's form name the source as the list does.
    await admin.goto('/admin/clients');
    await waitFor('the renamed client source in the filter', async () => (await admin.getByLabel('Откуда пришёл').locator('option', { hasText: 'ВКонтакте' }).count()) === 1);
    await admin.goto('/admin/clients/new');
    await waitFor('the renamed client source in the form', async () => (await admin.getByLabel(/^Откуда пришёл/).locator('option', { hasText: 'ВКонтакте' }).count()) === 1);

    // Saved on the admin's device and pushed: wait until the server holds both changes before the device closes.
    const stored = async (id: string) => ((await (await admin.request.post('/api/refs/get', { data: { id } })).json()) as { data: { data: { label: string; active: boolean } } }).data.data;
    await waitFor('both changes on the server', async () => (await stored('ref-order-source-phone')).label === 'Звонок' && !(await stored('ref-order-source-marketplace')).active);
    expect(adminErrors).toEqual([]);
    await adminContext.close();

    const managerContext = await contextAs(journey(), demoPhones.manager);
    const manager = await managerContext.newPage();
    const errors = watchErrors(manager);
    await manager.goto('/admin/orders/new');
    const sources = manager.getByRole('group', { name: 'Откуда заказ' });
    await waitFor('the renamed source offered', async () => (await sources.getByText('Звонок').count()) === 1);
    expect(await sources.getByText('Маркетплейс').count()).toBe(0);
    expect(await sources.getByText('Витрина').count()).toBe(1);
    expect((await outcomeOf(manager, '/admin/refs')).outcome).toBe('denied');
    expect(errors.filter((e) => !/403|401/.test(e))).toEqual([]);
    await managerContext.close();
  });
});
