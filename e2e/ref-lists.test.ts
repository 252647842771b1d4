import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '../schema/studio/orders/order';
import type { Product } from '../schema/shop/product';
import { draftOf } from '../server/testing/order-rush';
import { demoPhones } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs, outcomeOf } from './admin-journeys';

/**
 * Reference lists (issue 19, item 9): an admin renames an order source and switches another off at /admin/refs; the
 * phone order form a manager opens offers the list as the admin left it. A manager may not open /admin/refs. Codes an
 * admin adds (an order source, a client source, a unit) are offered by the phone order form, the client card and the
 * flower form, and the order page names an order's new source.
 */
describe('the reference lists', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

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
    // Back on the list: the order source is renamed, the client source of that code keeps «Телефон».
    await waitFor('the renamed entry listed', async () => (await admin.getByRole('link', { name: 'Звонок', exact: true }).count()) === 1);

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

  it('an admin adds an order source, a client source and a unit; the order form, the order page, the client card and the flower form offer them', async () => {
    const adminContext = await contextAs(journey(), demoPhones.admin);
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    for (const [list, code, label, whole] of [
      ['Источники заказов', 'telegram', 'Телеграм', false],
      ['Откуда клиенты', 'telegram', 'Телеграм-канал', false],
      ['Единицы измерения', 'bunch', 'пучок', true],
    ] as const) {
      await admin.goto('/admin/refs/new');
      await admin.getByLabel(/^Справочник/).selectOption({ label: list });
      await admin.getByLabel(/^Код/).fill(code);
      await admin.getByLabel(/^Название/).fill(label);
      if (whole) await admin.getByLabel(/^Только целые/).check();
      await admin.getByRole('button', { name: 'Сохранить' }).click();
      await admin.waitForURL((url) => url.pathname === '/admin/refs');
    }
    await admin.goto('/admin/clients/new');
    await waitFor('the new client source in the card', async () => (await admin.getByLabel(/^Откуда пришёл/).locator('option', { hasText: 'Телеграм-канал' }).count()) === 1);
    await admin.goto('/admin/flowers/new');
    await waitFor('the new unit in the flower form', async () => (await admin.getByLabel(/^Единица/).locator('option', { hasText: 'пучок' }).count()) === 1);
    const stored = async (id: string) => (await admin.request.post('/api/refs/get', { data: { id } })).status();
    await waitFor('the three entries on the server', async () => (await Promise.all(['ref-order-source-telegram', 'ref-client-source-telegram', 'ref-unit-bunch'].map(stored))).every((s) => s === 200));
    expect(adminErrors).toEqual([]);
    await adminContext.close();

    const managerContext = await contextAs(journey(), demoPhones.manager);
    const manager = await managerContext.newPage();
    const errors = watchErrors(manager);
    await manager.goto('/admin/orders/new');
    const sources = manager.getByRole('group', { name: 'Откуда заказ' });
    await waitFor('the new source offered', async () => (await sources.getByText('Телеграм').count()) === 1);

    // An order from that source (sent as the form sends it): its page names the source by the list.
    const items = (await (await manager.request.post('/api/items/list', { data: { params: { skip: 0, limit: 200 }, query: {} } })).json()) as { data: { items: Product[] } };
    const bouquet = items.data.items.find((p) => p.itemType === 'bouquet' && p.isActive && !p.isHidden && p.count > 5)!;
    const draft = { ...draftOf('79440000801', [{ id: bouquet.id, count: 1 }]), source: 'telegram', customer: { phone: '79440000801', name: 'Мария' } };
    const placed = await manager.request.post('/api/orders/command', { data: { id: `cmd-${crypto.randomUUID()}`, order: draft.id, action: { kind: 'create', draft } } });
    expect(placed.status()).toBe(200);
    const order = ((await placed.json()) as { data: Order }).data;
    await manager.goto(`/admin/orders/${order.number}`);
    await waitFor('the order page naming its source', async () => (await manager.locator('main').getByText('Телеграм', { exact: true }).count()) === 1);
    expect(errors).toEqual([]);
    await managerContext.close();
  });
});
