import type { CartEntry } from '../../../schema/shop/cart';

/** Spec §7: cart changes are reported to /api/info/notify (env, product name, count, price; on add also size and factor). */
export const reportCartChange = (message: 'addToCart' | 'removeFromCart', e: Omit<CartEntry, 'count'> & { count: number }) => {
  const data: Record<string, string | number> = { env: import.meta.env.MODE, name: e.name, count: e.count, price: e.discountPrice || e.price };
  if (message === 'addToCart') Object.assign(data, { letterSize: e.letterSize ?? '', priceFactor: e.priceFactor ?? 1 });
  void fetch('/api/info/notify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, data }) }).catch(() => {});
};
