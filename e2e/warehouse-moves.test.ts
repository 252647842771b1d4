import { describe, expect, it } from 'vitest';
import { today } from '../schema/shared/day';
import type { OfficeRecord } from '../schema/shared/record';
import { balanceBookOf } from '../schema/shared/record-moves';
import { demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile } from './harness';
import { waitFor } from './journeys';
import { officeOnServer, openStaffScreen, pickReference } from './admin-journeys';
import { recordSaver } from '../server/testing/record-saver';

const phone = { width: 390, height: 844 };

/**
 * Transfers and counts on /admin/warehouses (issue 19, item 8), on a phone with no network: the florist moves roses
 * from the cold room to the showcase, starts counting the cold room, is interrupted (the page reloads), resumes the
 * count from the list of open ones and finishes it. Back online the server holds one transfer and one finished count
 * in her name, and the balances are the exact sum.
 */
describe('transfers and counts on a phone, offline', () => {
  const journey = journeyPerFile();

  it('moves stock, resumes an interrupted count and writes its difference as a correction', async () => {
    const { shop } = journey();
    const manager = await signIn(shop.url, demoPhones.manager);
    const made = recordSaver(shop.url, manager);
    const cold = await made('warehouses', { name: 'Холодильник у окна' });
    const showcase = await made('warehouses', { name: 'Витрина в зале' });
    const rose = await made('flowers', { name: 'Роза', variety: 'Freedom', unit: 'pcs' });
    await made('invoices', { day: today(), warehouse: cold, lines: [{ flower: rose, qty: 20, price: 90 }], status: 'posted' });

    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.florist, '/admin/warehouses', 'Склады', phone);
    const balances = page.getByRole('table', { name: 'Остатки по складам' });
    await balances.getByRole('row', { name: /Роза Freedom.*Холодильник у окна: 20 шт/ }).waitFor();

    await context.setOffline(true);
    await page.reload();
    const transfer = page.getByRole('region', { name: 'Переместить' });
    await pickReference(transfer, 'Откуда', 'у окна', 'Холодильник у окна');
    await pickReference(transfer, 'Куда', 'витрина', 'Витрина в зале');
    await transfer.getByLabel('Что', { exact: true }).selectOption({ label: 'Роза Freedom (20 шт.)' });
    await transfer.getByLabel('Сколько').fill('5');
    await transfer.getByRole('button', { name: 'Добавить' }).click();
    await transfer.getByRole('button', { name: 'Переместить (1)' }).click();
    await page.getByText('Перемещено').first().waitFor();
    await balances.getByRole('row', { name: /Роза Freedom.*Витрина в зале: 5 шт.*Холодильник у окна: 15 шт/ }).waitFor();

    const counts = page.getByRole('region', { name: /^Пересчёт/ });
    await pickReference(counts, 'Склад', 'окна', 'Холодильник у окна');
    await counts.getByRole('button', { name: 'Начать пересчёт' }).click();
    await counts.getByLabel('Насчитано: Роза Freedom').fill('12.5');
    await counts.getByRole('button', { name: 'Записать' }).click();
    await counts.getByRole('alert').getByText(/целыми/).waitFor();
    await counts.getByLabel('Насчитано: Роза Freedom').fill('12');
    await counts.getByRole('button', { name: 'Записать' }).click();
    await counts.getByRole('row', { name: /Роза Freedom.*15 шт.*[−-]3 шт/ }).waitFor();

    // Interrupted: the page goes away; the open count is on the device.
    await page.reload();
    await page.getByRole('region', { name: /^Пересчёт/ }).getByText('Холодильник у окна', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Продолжить пересчёт' }).click();
    await counts.getByRole('row', { name: /Роза Freedom.*15 шт.*[−-]3 шт/ }).waitFor();
    page.once('dialog', (d) => void d.accept());
    await counts.getByRole('button', { name: 'Закончить пересчёт' }).click();
    await page.getByText('Пересчёт закончен: расхождения записаны').waitFor();
    await balances.getByRole('row', { name: /Роза Freedom.*Витрина в зале: 5 шт.*Холодильник у окна: 12 шт/ }).waitFor();
    await page.getByRole('list', { name: 'Перемещения и пересчёты' }).getByText(/Роза Freedom: [−-]3 шт\./).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await officeOnServer(shop, 'transfer')).toEqual([]);

    await context.setOffline(false);
    await waitFor('the transfer and the finished count on the server', async () => {
      const [t, c] = [await officeOnServer(shop, 'transfer'), await officeOnServer(shop, 'stockCount')];
      return t.length === 1 && c.length === 1 && c[0].data.status === 'finished';
    }, 60_000);
    const [count] = await officeOnServer(shop, 'stockCount');
    expect(count).toMatchObject({ createdBy: demoPhones.florist, updatedBy: demoPhones.florist, data: { warehouse: cold, lines: [{ flower: rose, expected: 15, counted: 12 }] } });
    const stored = await shop.shop.storage.db('office').allDocs({ include_docs: true });
    const book = balanceBookOf(stored.rows.flatMap((r) => (r.doc ? [{ ...(r.doc as unknown as OfficeRecord), id: r.id }] : [])));
    expect([book.balance(rose, cold), book.balance(rose, showcase)]).toEqual([12, 5]);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[13]/.test(e))).toEqual([]);
    await context.close();
  });
});
