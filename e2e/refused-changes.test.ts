import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs, officeOnServer, openStaffScreen, pickReference, pickedReference } from './admin-journeys';
import { recordSaver } from '../server/testing/record-saver';

/** A florist's phone: a 360 × 780 screen. */
const phone = { width: 360, height: 780 };

/**
 * A write-off act the server refuses is not lost: a florist writes off roses and eucalyptus offline, and meanwhile the
 * admin switches the reason «Сломаны» off. Back online the push is refused for that line and the act leaves the
 * device; the notice offers «Открыть как новую запись», which opens «Списать» with both lines, the florist gives the
 * eucalyptus another reason and saves it again, and the server holds that act.
 */
describe('a refused write-off act, opened again', () => {
  const journey = journeyPerFile();

  it('comes back with its lines through «Открыть как новую запись», is fixed and saved', async () => {
    const { shop } = journey();
    const manager = await signIn(shop.url, demoPhones.manager);
    const admin = await signIn(shop.url, demoPhones.admin);
    const made = recordSaver(shop.url, manager);
    const cold = await made('warehouses', { name: 'Холодильник у двери' });
    const rose = await made('flowers', { name: 'Роза', variety: 'Отказной', unit: 'pcs', price: 250 });
    const euc = await made('flowers', { name: 'Эвкалипт', variety: 'Возвратный', kind: 'greenery', unit: 'pcs' });
    await made('invoices', { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 20, price: 90 }, { flower: euc, qty: 10, price: 40 }], status: 'posted' });

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin/slips/new', 'Списать', phone);
    // The demo studio has its own warehouses and flowers: the act is for this test's cold room.
    await pickReference(page, 'Склад', 'двери', 'Холодильник у двери');
    await page.getByLabel('Найти цветок или материал').fill('Отказной');
    await page.getByRole('button', { name: /Роза Отказной/ }).filter({ hasText: '20 шт.' }).waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Списать' }).waitFor();
    await pickReference(page, 'Склад', 'двери', 'Холодильник у двери');
    const addLine = async (search: string, qty: string, reason: string) => {
      await page.getByLabel('Найти цветок или материал').fill(search);
      await page.getByRole('group', { name: 'Цветы и материалы' }).getByRole('button', { name: new RegExp(search) }).click();
      await page.getByRole('group', { name: 'Количество' }).getByRole('button', { name: qty, exact: true }).click();
      await page.getByRole('group', { name: 'Причина' }).getByRole('button', { name: reason }).click();
    };
    await addLine('Отказной', '5', 'Завяли');
    await addLine('Возвратный', '2', 'Сломаны');
    const lines = page.getByRole('region', { name: 'Строки акта' });
    await lines.getByText('Эвкалипт Возвратный — 2 шт. · Сломаны').waitFor();
    await page.getByRole('button', { name: 'Списать (2)' }).click();
    await page.getByText('Списано строк: 2').waitFor();

    // Meanwhile the admin switches «Сломаны» off: the server refuses a new line with it.
    const broken = await call<{ data: { updatedAt: number; data: Record<string, unknown> } }>(shop.url, '/api/refs/get', { id: 'ref-write-off-reason-broken' }, admin);
    const off = await call(shop.url, '/api/refs/update', { id: 'ref-write-off-reason-broken', updatedAt: broken.body.data.updatedAt, data: { ...broken.body.data.data, active: false } }, admin);
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    await context.setOffline(false);
    const notice = page.locator('.notice').filter({ hasText: 'Сервер отклонил изменение' });
    await notice.filter({ hasText: 'строка 2' }).waitFor({ timeout: 60_000 });
    expect(await officeOnServer(shop, 'slip')).toEqual([]);
    await notice.getByRole('button', { name: 'Открыть как новую запись' }).click();

    // The act as typed, with what the server said; the eucalyptus gets another reason.
    await page.getByRole('heading', { name: 'Списать' }).waitFor();
    await page.getByRole('note').filter({ hasText: 'Сервер отклонил эту запись' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/slips/new');
    await lines.getByText('Роза Отказной — 5 шт. · Завяли').waitFor();
    await lines.getByText('Эвкалипт Возвратный — 2 шт. · Сломаны').waitFor();
    expect(await pickedReference(page, 'Склад')).toBe('Холодильник у двери');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await page.getByRole('button', { name: 'Убрать строку: Эвкалипт Возвратный' }).click();
    await addLine('Возвратный', '2', 'Брак поставщика');
    await page.getByRole('button', { name: 'Списать (2)' }).click();
    // Saved again, it is no longer kept.
    await page.getByRole('note').filter({ hasText: 'Сервер отклонил эту запись' }).waitFor({ state: 'detached' });

    const [act] = await waitFor('the act on the server', async () => {
      const slips = await officeOnServer(shop, 'slip');
      return slips.length ? slips : undefined;
    }, 60_000);
    expect(act).toMatchObject({
      createdBy: demoPhones.florist,
      data: { warehouse: cold, lines: [{ flower: rose, qty: 5, reason: 'wilted', cost: 90 }, { flower: euc, qty: 2, reason: 'supplier-defect', cost: 40 }] },
    });
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[139]/.test(e))).toEqual([]);
    await context.close();
  });

  it('a refused client card comes back in the generic form as typed, and saved with another phone it is stored', async () => {
    const { shop } = journey();
    const admin = await signIn(shop.url, demoPhones.admin);
    const taken = '79550000071';
    const first = await call(shop.url, '/api/contractors/update', { data: { name: 'ООО «Первоцвет»', inn: '7701234565', phones: [taken], credit: true, creditDays: 7 } }, admin);
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const context = await contextAs(journey(), demoPhones.florist, phone, { serviceWorker: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/contractors/new');
    await page.locator('#field-name').fill('ООО «Второцвет»');
    await page.locator('#field-inn').fill('7701234564');
    await page.locator('#field-note').fill('Счета на почту бухгалтеру, заказы по вторникам');
    await page.getByRole('button', { name: 'Добавить: телефон' }).click();
    await page.locator('#field-phones-0-value').fill(taken);
    await page.getByLabel('Работает в кредит').check();
    await page.getByRole('button', { name: 'Сохранить' }).click();

    // The phone is another contractor's on credit: refused on the push, gone from the device, kept with its reason.
    const notice = page.locator('.notice').filter({ hasText: 'уже указан у контрагента в кредит' });
    // The notice closed, the card is still on the dashboard: «Отклонены сервером» on /admin opens it again.
    await notice.getByRole('button', { name: 'Закрыть уведомление' }).click({ timeout: 60_000 });
    await notice.waitFor({ state: 'detached' });
    // Even after a reload: the device keeps it.
    await page.goto('/admin');
    const desk = page.getByRole('region', { name: 'Отклонены сервером' });
    await desk.getByText('Контрагент «ООО «Второцвет»»').waitFor();
    await desk.getByText('уже указан у контрагента в кредит', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await desk.getByRole('link', { name: 'Открыть как новую запись' }).click();
    await page.getByRole('heading', { name: 'Новый контрагент' }).waitFor();
    await page.getByRole('note').filter({ hasText: 'ООО «Первоцвет»' }).waitFor();
    expect(await page.locator('#field-name').inputValue()).toBe('ООО «Второцвет»');
    expect(await page.locator('#field-inn').inputValue()).toBe('7701234564');
    expect(await page.locator('#field-note').inputValue()).toBe('Счета на почту бухгалтеру, заказы по вторникам');
    expect(await page.locator('#field-phones-0-value').inputValue()).toBe('+7 (955) 000-00-71');
    expect(await page.getByLabel('Работает в кредит').isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    // The florist takes the taken phone away and types the office's own.
    await page.getByRole('group', { name: 'Телефоны: 1' }).getByRole('button', { name: 'Убрать' }).click();
    await page.getByRole('button', { name: 'Добавить: телефон' }).click();
    await page.locator('#field-phones-0-value').fill('79550000072');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const [stored] = await waitFor('the contractor on the server', async () => {
      const mine = (await officeOnServer(shop, 'contractor')).filter((c) => c.title === 'ООО «Второцвет»');
      return mine.length ? mine : undefined;
    }, 60_000);
    expect(stored?.data).toMatchObject({ inn: '7701234564', phones: ['79550000072'], credit: true, note: 'Счета на почту бухгалтеру, заказы по вторникам' });
    // Saved again, it is no longer kept.
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Рабочий стол' }).waitFor();
    expect(await page.getByRole('region', { name: 'Отклонены сервером' }).count()).toBe(0);
    expect(errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
    await context.close();
  });
});
