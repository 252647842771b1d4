import { describe, expect, it } from 'vitest';
import { addDays, nextDay, today } from '../schema/shared/day';
import type { ShopSettingsAnswer } from '../schema/studio/site/shop-settings-update';
import { formatRoubles } from '../schema/shared/money';
import { demoProducts } from '../server/seed/products';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs, outcomeOf, openStaffScreen } from './admin-journeys';
import { addCourier, orderOnServer } from './order-journeys';

const product = demoProducts.find((p) => p.id === 'p-001')!;
const tomorrow = nextDay(today());

/**
 * A manager takes an order by phone (issue 10, items 4 and 5). Offline, the order waits on her device «без номера —
 * ждёт сети»; back online the server numbers and prices it, she hands it to a courier on the order page, and the
 * couriers' day shows it in the courier's route with what to collect and the courier's fee.
 */
describe('an order taken by phone', () => {
  const journey = journeyPerFile();

  it('is numbered once the network is back and shows in the courier’s day once assigned', async () => {
    const { shop } = journey();
    const courierId = await addCourier(shop, demoPhones.manager, 'Пётр Курьеров');
    const taskAnswer = await call(shop.url, '/api/tasks/update', { data: { title: 'Полить витрину', due: today(), status: 'todo', assignee: '', note: '' } }, await signIn(shop.url, demoPhones.manager));
    expect(taskAnswer.status).toBe(200);
    const { context, page, errors } = await openStaffScreen(journey(), demoPhones.manager, '/admin/orders', { name: 'Заказы', level: 1 });

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Новый заказ' }).click();
    await page.getByRole('heading', { name: 'Новый заказ' }).waitFor();
    await page.locator('input[name=customer-phone]').pressSequentially('9161234567');
    await page.locator('input[name=customer-name]').fill('Ольга Звонкова');
    await page.locator('input[name=recipient-name]').fill('Мама');
    await page.locator('input[name=recipient-phone]').pressSequentially('9037654321');
    await page.locator('input[name=product-search]').fill('прованс');
    await page.getByRole('button', { name: `Добавить: ${product.name}` }).click();
    await page.getByLabel(`Количество: ${product.name}`).fill('2');
    await page.locator('input[name=address]').fill('Москва, ул. Тверская, 7, кв. 12');
    await page.locator('input[name=date]').fill(tomorrow);
    await page.locator('select[name=slot]').selectOption('15:00–18:00');
    await page.locator('textarea[name=postcard]').fill('С днём рождения!');
    await page.locator('input[name=anonymous]').check();
    await page.getByRole('button', { name: 'Принять заказ' }).click();
    await page.getByText('без номера — ждёт сети').waitFor();
    // Still offline (issue 18, item 10), in a second tab: the shell counts what waits to be sent; the board and the
    // couriers' day show the order, without a number, marked as waiting; a task ticked off offline is marked too.
    const tab = await context.newPage();
    await tab.goto(`/admin/orders?from=${tomorrow}`);
    await tab.getByRole('status').filter({ hasText: 'Ждут отправки: 1' }).waitFor();
    const waitingCard = tab.locator('article.order-card', { hasText: 'Без номера' });
    await waitingCard.getByText('ждёт отправки').waitFor();
    expect(await waitingCard.innerText()).toContain('Мама');
    await tab.getByRole('navigation', { name: 'Разделы мастерской' }).getByRole('link', { name: 'Курьеры' }).click();
    // The board stays on view while the couriers' screen arrives: its own «Завтра» pressed then took the tab back to the
    // board (the full runs' failure). The couriers' tabs say the screen is there.
    await tab.getByRole('navigation', { name: 'Курьеры', exact: true }).waitFor();
    // Pressed until the address says tomorrow: a press while the screen was still arriving went nowhere once (full run, load 6).
    await waitFor('the couriers’ day on tomorrow', async () => {
      if (!tab.url().includes(`day=${tomorrow}`)) await tab.getByRole('button', { name: 'Завтра' }).click({ timeout: 10_000 }).catch(() => {});
      return tab.url().includes(`day=${tomorrow}`);
    }).catch(async (e: unknown) => {
      // It failed in full runs only, never alone: say what the tab showed instead.
      throw new Error(`the couriers’ day never moved to tomorrow, at ${tab.url()}: ${(await tab.locator('body').innerText()).slice(0, 600)}`, { cause: e });
    });
    const waitingRow = tab.getByRole('region', { name: 'Без курьера' }).getByRole('row').filter({ hasText: 'Без номера' });
    await waitingRow.getByText('ждёт отправки').waitFor().catch(async (e: unknown) => {
      throw new Error(`no waiting row at ${tab.url()}: ${(await tab.locator('main').innerText()).slice(0, 600)}`, { cause: e });
    });
    await tab.getByRole('navigation', { name: 'Разделы мастерской' }).getByRole('link', { name: 'Рабочий стол' }).click();
    await tab.getByRole('checkbox', { name: 'Готово: Полить витрину' }).click();
    await tab.getByRole('listitem').filter({ hasText: 'Полить витрину' }).getByText('ждёт отправки').waitFor();
    await tab.getByRole('status').filter({ hasText: 'Ждут отправки: 2' }).waitFor();
    expect(await shop.shop.storage.db('orders').allDocs()).toMatchObject({ total_rows: 0 });

    await context.setOffline(false);
    // Back online, the task reaches the server and loses its mark.
    await waitFor('the task sent', async () => (await tab.getByText('ждёт отправки').count()) === 0 || null, 60_000);
    await tab.close();
    const number = await waitFor('the order numbered on the device', async () => {
      const text = await page.getByRole('link', { name: /^Заказ №\s\d+$/ }).textContent({ timeout: 1000 }).catch(() => null);
      return text ? Number(text.replace(/\D/g, '')) : null;
    }, 60_000);
    const [stored] = (await shop.shop.storage.db('orders').allDocs({ include_docs: true })).rows.filter((r) => !r.id.startsWith('_'));
    const order = await orderOnServer(shop, stored.id);
    const price = product.discountPrice || product.price;
    expect(order).toMatchObject({
      number,
      source: 'phone',
      customer: '79161234567',
      sender: { name: 'Ольга Звонкова', phone: '79161234567' },
      recipient: { name: 'Мама', phone: '79037654321' },
      lines: [{ id: product.id, count: 2, price }],
      total: price * 2,
      date: tomorrow,
      slot: '15:00–18:00',
      anonymous: true,
      status: 'new',
    });
    expect(order.history?.map((h) => [h.by, h.what])).toEqual([[demoPhones.manager, 'Новый заказ']]);

    // Before it has a courier, the couriers' day lists it apart.
    await page.goto(`/admin/couriers?day=${tomorrow}`);
    const unassigned = page.getByRole('region', { name: 'Без курьера' });
    await unassigned.getByRole('link', { name: `№\u00a0${number}` }).waitFor({ timeout: 30_000 });

    // Handed to the courier from the day itself: an assign command, applied by the server.
    await unassigned.getByLabel(`Курьер для №\u00a0${number}`).selectOption(courierId);
    await waitFor('the courier on the server', async () => (await orderOnServer(shop, order.id)).courier === courierId, 30_000);
    expect((await orderOnServer(shop, order.id)).history?.map((h) => [h.by, h.what])).toEqual([[demoPhones.manager, 'Новый заказ'], [demoPhones.manager, 'Флорист и курьер']]);

    await page.reload();
    const route = page.getByRole('region', { name: 'Маршрут: Пётр Курьеров' });
    await route.getByRole('link', { name: `№\u00a0${number}` }).waitFor({ timeout: 30_000 });
    const row = route.getByRole('row').filter({ hasText: `№\u00a0${number}` });
    expect(await row.getByRole('link', { name: '+7 (903) 765-43-21' }).getAttribute('href')).toBe('tel:+79037654321');
    await row.getByText('Открытка').waitFor();
    await row.getByText('Анонимно').waitFor();
    const squeeze = (s: string | null) => (s ?? '').replace(/\s/g, '');
    expect(squeeze(await row.textContent())).toContain(squeeze(formatRoubles(order.total)));
    expect(squeeze(await route.textContent())).toContain(squeeze(`оплата курьеру: ${formatRoubles(400)}`));
    expect(await unassigned.getByRole('link', { name: `№\u00a0${number}` }).count()).toBe(0);
    // On paper: the route sheet, without the screen around it.
    await page.emulateMedia({ media: 'print' });
    expect(await route.isVisible()).toBe(true);
    expect(await unassigned.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Печать маршрута' }).first().isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Разделы мастерской' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    // The generic list stays one tab away, to add and edit couriers.
    await page.getByRole('link', { name: 'Список курьеров' }).click();
    await page.getByRole('link', { name: 'Пётр Курьеров' }).waitFor();

    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|status of 40[13]/.test(e))).toEqual([]);
    await context.close();
  });

  it('is a manager’s screen: a florist sees «Недостаточно прав» and no button', async () => {
    const context = await contextAs(journey(), demoPhones.florist, undefined, { serviceWorker: false });
    const page = await context.newPage();
    expect((await outcomeOf(page, '/admin/orders/new')).outcome).toBe('denied');
    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: 'Заказы', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Новый заказ' }).count()).toBe(0);
    await context.close();
  });

  it('says beside the date why a day has no time: a day the studio closed, and today once its last slot is over', async () => {
    const { shop } = journey();
    const closed = addDays(today(), 3);
    const admin = await signIn(shop.url, demoPhones.admin);
    const { settings, updatedAt } = (await call<ShopSettingsAnswer>(shop.url, '/api/settings/get', {})).body.data;
    // One slot, over a minute after Moscow's midnight: today has none left, a later day has it.
    const changed = { ...settings, closedDays: [closed], slots: ['00:00–00:01'] };
    expect((await call(shop.url, '/api/settings/update', { settings: changed, updatedAt }, admin)).status).toBe(200);

    const context = await contextAs(journey(), demoPhones.manager, undefined, { serviceWorker: false });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/admin/orders/new');
    await page.getByRole('heading', { name: 'Новый заказ' }).waitFor();
    const date = page.locator('input[name=date]');
    const why = page.locator('.studio-order__when').getByRole('status');
    await date.fill(closed);
    await why.filter({ hasText: 'Студия в этот день не работает' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('select[name=slot] option').allTextContents()).toEqual(['Нет свободного времени']);
    await date.fill(today());
    await why.filter({ hasText: 'На сегодня все интервалы закрыты — выберите другой день' }).waitFor();
    await date.fill(addDays(closed, 1));
    await page.locator('select[name=slot] option', { hasText: '00:00–00:01' }).waitFor({ state: 'attached' });
    expect(await why.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
