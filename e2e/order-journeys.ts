import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { nextDay, today } from '../schema/shared/day';
import type { Order } from '../schema/studio/orders/order';
import { demoProducts } from '../server/seed/products';
import { call, signIn } from '../server/testing/test-shop';
import type { TestShop } from './harness';
import { appRunning, waitForOfflineReady } from './journeys';

const product = demoProducts.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= 10)!;

/** Orders placed by a signed-in customer through the site's API, for tomorrow: what the studio then works on. */
export const placeOrders = async (shop: TestShop, customer: string, count: number): Promise<Order[]> => {
  const cookie = await signIn(shop.url, customer);
  const placed: Order[] = [];
  for (let i = 0; i < count; i++) {
    const draft = {
      id: `journey-${crypto.randomUUID()}`,
      lines: [{ id: product.id, count: 1 }],
      sender: { name: 'Анна', phone: customer },
      recipient: { name: `Ольга ${i + 1}`, phone: '79440000009' },
      delivery: { method: 'courier', address: `Москва, ул. Тверская, ${i + 1}` },
      date: nextDay(today()),
      slot: '12:00–15:00',
      postcard: i === 0 ? 'С днём рождения!' : '',
      anonymous: i === 1,
      payment: 'cash',
    };
    const answer = await call<{ order?: Order; error?: string }>(shop.url, '/api/orders/create', draft, cookie);
    if (answer.status !== 200) throw new Error(`order ${answer.status} ${JSON.stringify(answer.body)}`);
    placed.push(await orderOnServer(shop, draft.id));
  }
  return placed;
};

/** One order as the server stores it (with its history). */
export const orderOnServer = async (shop: TestShop, id: string): Promise<Order> => {
  const { _id, _rev: _r, ...doc } = (await shop.shop.storage.db('orders').get(id)) as unknown as Order & { _id: string; _rev: string };
  return { ...doc, id: _id };
};

/** A courier record made through the records API by a staff member. */
export const addCourier = async (shop: TestShop, staff: string, name: string): Promise<string> => {
  const cookie = await signIn(shop.url, staff);
  const answer = await call<{ data: { id: string } }>(shop.url, '/api/couriers/update', { data: { name, phone: '79161112233', feePerDelivery: 400, active: true, note: '' } }, cookie);
  if (answer.status !== 200) throw new Error(`courier ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
};

/** Opens the order page and waits until the device holds the order. */
const orderShown = (page: Page, order: Pick<Order, 'number'>) => page.getByRole('heading', { name: `Заказ №\u00a0${order.number}` }).waitFor({ timeout: 30_000 });

/** Opens the order page and lets its app take it over (the server draws it first: `appRunning`), as a florist's first tap does. */
export const openOrder = async (page: Page, order: Pick<Order, 'id' | 'number'>) => {
  await page.goto(`/admin/orders/${order.id}`);
  await orderShown(page, order);
  await appRunning(page);
};

/**
 * Opens the order page on a phone that is about to go offline: as every offline journey of the back-office starts,
 * once the service worker holds the app (a page still being kept when the network goes is not what a florist has).
 */
export const openOrderToGoOffline = async (page: Page, order: Pick<Order, 'id' | 'number'>) => {
  await openOrder(page, order);
  await waitForOfflineReady(page);
  await orderShown(page, order);
};

export const statusButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The status the order page shows, once it is this one. */
export const shownStatus = (page: Page, label: string) => page.getByTestId('order-status').filter({ hasText: new RegExp(`^${label}$`) }).waitFor();
