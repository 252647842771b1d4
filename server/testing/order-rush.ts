import crypto from 'node:crypto';
import { nextDay, today } from '../../schema/shared/day';
import type { Order } from '../../schema/studio/orders/order';
import type { Product } from '../../schema/shop/product';
import type { LetterSize } from '../../schema/shop/size';
import { call, signIn } from './test-shop';

/** A customer's phone for test number i: 7 955 1xx xx xx. */
export const testCustomer = (i: number) => `79551${String(i).padStart(6, '0')}`;

/** Signs every customer in at once, as a morning rush behind one address (a shop's Wi-Fi, a mobile carrier) would. */
export const signInAll = (urlOf: (i: number) => string, phones: string[]) => Promise.all(phones.map((p, i) => signIn(urlOf(i), p)));

/** A draft as a device makes it: lines of the given products, delivery tomorrow (every slot open). */
export const draftOf = (customer: string, lines: { id: string; count: number; letterSize?: LetterSize }[]) => ({
  id: `rush-${crypto.randomUUID()}`,
  lines,
  sender: { name: 'Покупатель', phone: customer },
  recipient: { name: 'Получатель', phone: '79550009999' },
  delivery: { method: 'pickup' },
  date: nextDay(today()),
  slot: '12:00–15:00',
  payment: 'cash',
});

/**
 * Each customer orders the given products (1 or 2 units of each) at the same moment, `each` orders apiece (as from
 * a phone and a laptop at once); answers every status.
 */
export const orderAtOnce = async (urlOf: (i: number) => string, cookies: string[], phones: string[], products: string[], each = 1) =>
  Promise.all(
    cookies.flatMap((cookie, i) =>
      Array.from({ length: each }, async (_, j) => {
        const draft = draftOf(phones[i], products.map((id, k) => ({ id, count: 1 + ((i + j + k) % 2) })));
        const answer = await call<{ error?: string }>(urlOf(i + j), '/api/orders/create', draft, cookie);
        return answer.status;
      }),
    ),
  );

/** A customer's order of one bouquet sold without sizes that has at least `stock` in stock; answers the order's id. */
export const orderOneBouquet = async (url: string, customer: string, stock = 1): Promise<string> => {
  const me = await signIn(url, customer);
  const { body } = await call<{ data: { items: Product[] } }>(url, '/api/items/list', { params: { skip: 0, limit: 200 }, query: {} });
  const bouquet = body.data.items.find((p) => p.isActive && !p.isHidden && !p.sizable && p.count >= stock)!.id;
  const placed = await call<{ data: Order }>(url, '/api/orders/create', draftOf(customer, [{ id: bouquet, count: 1 }]), me);
  if (placed.status !== 200) throw new Error(`Заказ не принят: ${JSON.stringify(placed.body)}`);
  return placed.body.data.id;
};
