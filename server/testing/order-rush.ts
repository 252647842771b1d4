import crypto from 'node:crypto';
import { nextDay, today } from '../../schema/day';
import { call, signIn } from './test-shop';

/** A customer's phone for test number i: 7 955 1xx xx xx. */
export const testCustomer = (i: number) => `79551${String(i).padStart(6, '0')}`;

/** Signs every customer in at once, as a morning rush behind one address (a shop's Wi-Fi, a mobile carrier) would. */
export const signInAll = (urlOf: (i: number) => string, phones: string[]) => Promise.all(phones.map((p, i) => signIn(urlOf(i), p)));

/** A draft as a device makes it: lines of the given products, delivery tomorrow (every slot open). */
export const draftOf = (customer: string, lines: { id: string; count: number }[]) => ({
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
