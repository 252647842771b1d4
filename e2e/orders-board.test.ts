import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, demoPhones, signIn } from '../server/testing/test-shop';
import { nextDay, today } from '../schema/shared/day';
import { maskedPhone } from '../schema/shared/phone';
import { demoProducts } from '../server/seed/products';
import { journeyPerFile, watchErrors } from './harness';
import { contextAs } from './admin-journeys';
import { addToCart, fillCheckout, waitFor } from './journeys';

const customer = '79990004455';
const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 5)!;

/** The studio's board open on a florist's phone while customers order on the site (issue 10, items 1 and 2). */
describe('the orders board', () => {
  const journey = journeyPerFile({}, { serviceWorker: false });

  it('shows an order placed on the site without a reload, with a cue and a chime (also for a payment and a cancellation) that can be turned off; filters live in the address', async () => {
    const shop = journey().shop;
    // The florist's phone: 360 px wide, the board over the next week so whatever day the customer picks is on it.
    const staff = await contextAs(journey(), demoPhones.florist);
    // Counts the chimes: every tone the board makes starts an oscillator.
    await staff.addInitScript(() => {
      const plain = AudioContext.prototype.createOscillator;
      Object.assign(window, { chimes: 0 });
      AudioContext.prototype.createOscillator = function (this: AudioContext) {
        Object.assign(window, { chimes: (window as unknown as { chimes: number }).chimes + 1 });
        return plain.call(this);
      };
    });
    const board = await staff.newPage();
    await board.setViewportSize({ width: 360, height: 740 });
    const errors = watchErrors(board);
    let last = today();
    for (let i = 0; i < 7; i++) last = nextDay(last);
    await board.goto(`/admin/orders?from=${today()}&to=${last}`);
    await board.getByRole('heading', { name: 'Заказы', level: 1 }).waitFor();
    await board.getByText('На эти дни заказов нет.').waitFor();
    // The user touched the page (browsers let a page sound only then).
    await board.getByRole('button', { name: 'Сегодня' }).focus();

    const buyer = await contextAs(journey(), customer);
    const site = await buyer.newPage();
    await addToCart(site, product);
    await fillCheckout(site);
    const heading = site.getByRole('heading', { name: /Заказ №\s\d+ принят/ });
    await heading.waitFor();
    const number = Number(/№\s(\d+)/.exec(await heading.innerText())![1]);

    // On the open board, no reload: the card, the cue naming it, and a chime.
    await board.getByRole('link', { name: `№\u00a0${number}` }).first().waitFor({ timeout: 20_000 });
    const cue = board.getByRole('status').filter({ hasText: 'Новый заказ' });
    await cue.getByText(`№\u00a0${number}`, { exact: false }).waitFor();
    const card = board.locator('article.order-card', { hasText: `№\u00a0${number}` });
    expect(await card.innerText()).toContain('Ольга');
    expect(await card.innerText()).toContain('Москва, ул. Тверская, 1');
    expect(await card.innerText()).toContain('Не оплачен');
    expect(await card.getAttribute('class')).toContain('order-card--fresh');
    await waitFor('the chime', () => board.evaluate(() => (window as unknown as { chimes: number }).chimes > 0));
    expect(await board.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Nothing of the board is cut off at the right edge (the shell would clip it rather than scroll).
    expect(await board.evaluate(() => Math.max(...[...document.querySelectorAll('.orders-board *')].map((e) => e.getBoundingClientRect().right)))).toBeLessThanOrEqual(360);

    // The card links to the order's page.
    expect(await card.getByRole('link', { name: `№\u00a0${number}` }).getAttribute('href')).toBe(`/admin/orders/${(await orderIds())[0]}`);

    // A payment recorded on another device and then a cancellation: each named in the cue, each with its chime.
    const [firstId] = await orderIds();
    const manager = await signIn(shop.url, demoPhones.manager);
    const studioCommand = async (action: Record<string, unknown>) => {
      const { status, body } = await call<{ outcome: { ok: boolean } }>(shop.url, '/api/orders/command', { id: `board-news-${crypto.randomUUID()}`, order: firstId, action }, manager);
      expect([status, body.outcome.ok]).toEqual([200, true]);
    };
    const chimedSoFar = () => board.evaluate(() => (window as unknown as { chimes: number }).chimes);
    let before = await chimedSoFar();
    await studioCommand({ kind: 'payment', status: 'paid', method: 'card' });
    await board.getByRole('status').getByRole('link', { name: `Оплачен: №\u00a0${number}`, exact: false }).waitFor();
    await waitFor('the payment\'s chime', async () => (await chimedSoFar()) > before);
    before = await chimedSoFar();
    await studioCommand({ kind: 'status', from: 'new', to: 'cancelled', reason: 'Покупатель передумал' });
    await board.getByRole('status').getByRole('link', { name: `Отменён: №\u00a0${number}`, exact: false }).waitFor();
    await waitFor('the cancellation\'s chime', async () => (await chimedSoFar()) > before);

    // Sound off, remembered on the device; the next order shows but stays silent.
    await board.getByRole('button', { name: 'Понятно' }).click();
    await board.getByRole('button', { name: 'Звук заказов: вкл.' }).click();
    expect(await board.evaluate(() => localStorage.getItem('board:sound'))).toBe('off');
    const chimes = await board.evaluate(() => (window as unknown as { chimes: number }).chimes);
    const second = await placeOrder('Ирина Соколова');
    await board.getByRole('link', { name: `№\u00a0${second}` }).first().waitFor({ timeout: 20_000 });
    await board.getByRole('status').filter({ hasText: 'Новый заказ' }).waitFor();
    expect(await board.evaluate(() => (window as unknown as { chimes: number }).chimes)).toBe(chimes);

    // The search finds the second by the recipient's name; the filter is in the address and survives a reload.
    // On a phone the filters fold behind one button.
    await board.getByRole('button', { name: 'Фильтры' }).click();
    await board.getByRole('searchbox', { name: 'Поиск' }).fill('соколова');
    await waitFor('the search', async () => (await board.locator('article.order-card').count()) === 1);
    await board.getByRole('combobox', { name: 'Статус', exact: true }).selectOption('new');
    await waitFor('the address', async () => new URL(board.url()).searchParams.get('status') === 'new');
    await board.reload();
    await board.getByRole('link', { name: `№\u00a0${second}` }).waitFor();
    expect(await board.locator('article.order-card').count()).toBe(1);
    await board.getByRole('button', { name: 'Фильтры: 2' }).click();
    expect(await board.getByRole('combobox', { name: 'Статус', exact: true }).inputValue()).toBe('new');
    expect(await board.evaluate(() => localStorage.getItem('board:sound'))).toBe('off');
    await board.getByRole('button', { name: 'Звук заказов: выкл.' }).waitFor();
    expect(errors).toEqual([]);

    // Signing out, the florist's phone forgets the customers' orders it held.
    // -1 while the page has not opened its store yet: a drawn board opens it when the browser is idle or at the first touch.
    const held = () => board.evaluate(() => (window as unknown as { shopData?: { shop: { orders: { count(): { exec(): Promise<number> } } } } }).shopData?.shop.orders.count().exec() ?? -1);
    await waitFor('the board’s store', async () => (await held()) !== -1);
    expect(await held()).toBe(2);
    await board.setViewportSize({ width: 1280, height: 800 });
    await board.getByRole('button', { name: maskedPhone(demoPhones.florist) }).click();
    await board.getByRole('menuitem', { name: 'Выйти' }).click();
    await waitFor('the shop after signing out', async () => new URL(board.url()).pathname === '/' && (await board.getByRole('button', { name: 'Войти' }).count()) > 0);
    await waitFor('the orders forgotten', async () => (await held()) === 0);
    await staff.close();
    await buyer.close();

    async function orderIds() {
      return (await shop.shop.storage.db('orders').allDocs()).rows.map((r) => r.id).filter((id) => !id.startsWith('_'));
    }
    async function placeOrder(recipient: string) {
      const cookie = await signIn(shop.url, customer);
      const draft = {
        id: `board-journey-order-${Date.now()}`,
        lines: [{ id: product.id, count: 1 }],
        sender: { name: 'Анна', phone: customer },
        recipient: { name: recipient, phone: '79440000009' },
        delivery: { method: 'pickup' },
        date: nextDay(today()),
        slot: '12:00–15:00',
        postcard: '',
        anonymous: false,
        comment: '',
        payment: 'cash',
      };
      const { status, body } = await call<{ data: { number: number } }>(shop.url, '/api/orders/create', draft, cookie);
      expect(status).toBe(200);
      return body.data.number;
    }
  });
});
