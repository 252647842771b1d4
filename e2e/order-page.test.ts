import { describe, expect, it } from 'vitest';
import { call, demoPhones } from '../server/testing/test-shop';
import type { Product } from '../schema/shop/product';
import { journeyPerFile, watchErrors } from './harness';
import { waitFor } from './journeys';
import { contextAs, officeOnServer } from './admin-journeys';
import { demoProducts } from '../server/seed/products';
import { deliveryCost } from '../schema/studio/orders/order';
import { unitPrice } from '../schema/shop/product';
import { sizedPrice } from '../schema/shop/size';
import { openOrder, orderOnServer, placeOrders, shownStatus, statusButton } from './order-journeys';

/**
 * The order page online (issue 10, item 3): what it shows, an edit while the order is editable, a cancellation that
 * needs a reason, and the two print sheets. Each action is a command the server applies; the page follows it.
 */
describe('the order page', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows the order, edits it, prints the ticket and the postcard, and cancels only with a reason', async () => {
    const { shop } = journey();
    const [withPostcard, anonymous] = await placeOrders(shop, '79550005566', 2);
    const context = await contextAs(journey(), demoPhones.manager);
    await context.addInitScript(() => {
      (window as unknown as { printed: string[] }).printed = [];
      window.print = () => (window as unknown as { printed: string[] }).printed.push(document.documentElement.dataset.print ?? '');
    });
    const page = await context.newPage();
    const errors = watchErrors(page);

    // From the board's card to the page, in the app.
    await page.goto(`/admin/orders?from=${anonymous.date}`);
    await page.locator(`[id="order-${anonymous.id}"]`).click();
    await page.getByRole('heading', { name: `Заказ №\u00a0${anonymous.number}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/orders/${anonymous.id}`);
    await openOrder(page, anonymous);
    await page.getByRole('note').filter({ hasText: 'Анонимная доставка' }).waitFor();
    await openOrder(page, withPostcard);
    expect(await page.getByRole('note').count()).toBe(0);
    expect(await page.locator('a[href="tel:+79550005566"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="tel:+79440000009"]').count()).toBe(1);
    await page.getByText('Москва, ул. Тверская, 1').first().waitFor();
    await page.getByText(`Итого: ${new Intl.NumberFormat('ru-RU').format(withPostcard.total)} ₽`).waitFor();
    expect(await page.locator('.order-page__lines img').count()).toBe(withPostcard.lines.length);

    // Edit while new: the postcard and the slot; the server applies it and the page shows the history entry.
    await page.getByRole('button', { name: 'Изменить заказ' }).click();
    await page.getByLabel('Текст открытки').fill('С днём рождения, мама!');
    await page.getByLabel('Время').selectOption('15:00–18:00');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await waitFor('the edit on the server', async () => (await orderOnServer(shop, withPostcard.id)).postcard === 'С днём рождения, мама!');
    expect((await orderOnServer(shop, withPostcard.id)).slot).toBe('15:00–18:00');
    await page.getByText('Открытка: — → С днём рождения, мама!').or(page.getByText('Открытка: С днём рождения! → С днём рождения, мама!')).waitFor();

    // Print: each button marks its sheet and prints; on paper only that sheet shows.
    await page.getByRole('button', { name: 'Печать открытки' }).click();
    await page.getByRole('button', { name: 'Печать заказа' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: string[] }).printed)).toEqual(['postcard', 'ticket']);
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => (document.documentElement.dataset.print = 'postcard'));
    expect(await page.locator('.order-postcard').isVisible()).toBe(true);
    expect(await page.locator('.order-postcard').innerText()).toBe('С днём рождения, мама!');
    expect(await page.locator('.order-ticket').isVisible()).toBe(false);
    expect(await page.locator('.order-page__facts').isVisible()).toBe(false);
    await page.evaluate(() => (document.documentElement.dataset.print = 'ticket'));
    expect(await page.locator('.order-ticket').isVisible()).toBe(true);
    expect(await page.locator('.order-ticket').innerText()).toContain(`Заказ №\u00a0${withPostcard.number}`);
    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => delete document.documentElement.dataset.print);
    expect(await page.locator('.order-ticket').isVisible()).toBe(false);

    // A cancellation needs a reason; given one, the server cancels, the page says why and the stock comes back once.
    const current = await orderOnServer(shop, withPostcard.id);
    const stockOf = async (id: string) => (await call<{ data: Product }>(shop.url, '/api/items/get', { id })).body.data.count;
    const before = await Promise.all(current.lines.map((l) => stockOf(l.id)));
    await page.getByRole('button', { name: 'Отменить заказ' }).click();
    await page.getByRole('button', { name: 'Отменить заказ' }).click();
    await page.getByText('Укажите причину отмены').waitFor();
    expect((await orderOnServer(shop, withPostcard.id)).status).toBe('new');
    await page.getByLabel('Причина отмены').fill('Клиент передумал');
    await page.getByRole('button', { name: 'Отменить заказ' }).click();
    await shownStatus(page, 'Отменён');
    await waitFor('the cancellation on the server', async () => (await orderOnServer(shop, withPostcard.id)).status === 'cancelled');
    expect((await orderOnServer(shop, withPostcard.id)).cancelReason).toBe('Клиент передумал');
    expect(await Promise.all(current.lines.map((l) => stockOf(l.id)))).toEqual(before.map((n, i) => n + current.lines[i].count));
    await page.reload();
    await shownStatus(page, 'Отменён');
    expect(await Promise.all(current.lines.map((l) => stockOf(l.id)))).toEqual(before.map((n, i) => n + current.lines[i].count));
    await page.getByText('Отменён: Клиент передумал').waitFor();
    // The page may go from the server's copy to the device's store meanwhile: the state it settles on has no way back.
    await expect.poll(() => statusButton(page, 'Подтверждён').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a product from the catalogue to the lines, in a size, by keyboard on a phone: one edit, priced by the server', async () => {
    const { shop } = journey();
    const [order] = await placeOrders(shop, '79550005567', 1);
    const added = demoProducts.find((p) => p.isActive && !p.isHidden && p.sizable && p.count >= 5 && !order.lines.some((l) => l.id === p.id))!;
    const roubles = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)} ₽`;
    const context = await contextAs(journey(), demoPhones.florist);
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    const errors = watchErrors(page);
    await openOrder(page, order);
    await page.getByRole('button', { name: 'Изменить заказ' }).click();

    // Found by name in the device's catalogue, added with the keyboard, size L, two of them.
    await page.getByLabel('Добавить из каталога').fill(added.name);
    await page.getByRole('button', { name: `Добавить: ${added.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel(`Размер: ${added.name}`).selectOption('L');
    await page.getByLabel(`Количество: ${added.name} (L)`).fill('2');
    const goods = order.lines.reduce((sum, l) => sum + l.sum, 0) + 2 * sizedPrice(unitPrice(added), 1.5);
    await page.locator('.order-page__preview').filter({ hasText: roubles(goods + deliveryCost('courier', goods)) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();

    const edited = await waitFor('the added line on the server', async () => {
      const o = await orderOnServer(shop, order.id);
      return o.lines.length === 2 ? o : null;
    });
    expect(edited.lines[1]).toMatchObject({ id: added.id, name: added.name, count: 2, letterSize: 'L', price: unitPrice(added), priceFactor: 1.5, sum: 2 * sizedPrice(unitPrice(added), 1.5) });
    expect(edited.lines[0]).toMatchObject({ id: order.lines[0].id, count: order.lines[0].count });
    expect(edited.total).toBe(goods + edited.deliveryPrice);
    const edits = (await officeOnServer(shop, 'orderCommand')).filter((r) => r.data.order === order.id);
    expect(edits.map((r) => (r.data.action as { kind: string }).kind)).toEqual(['edit']);
    await page.getByText(`Итого: ${roubles(edited.total)}`).waitFor();
    await page.locator('.order-page__lines').getByText(`${added.name} (L)`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
