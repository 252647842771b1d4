import { z } from 'zod';
import { letterSize } from './size';
import { roubles } from './money';

/** One cart line (spec §3). */
export const cartEntry = z.strictObject({
  id: z.string().min(1).max(64),
  art: z.string().min(1).max(40),
  name: z.string().max(200),
  image: z.string().max(500).default(''),
  price: roubles,
  discountPrice: roubles.optional(),
  count: z.number().int().min(1).max(999),
  letterSize: letterSize.optional(),
  priceFactor: z.number().positive().max(10).default(1),
});
export type CartEntry = z.infer<typeof cartEntry>;

/** The stored value: an object with the field `cart`, a map keyed by article code. */
export const cart = z.strictObject({ cart: z.record(z.string(), cartEntry) });
export type Cart = z.infer<typeof cart>;

/** Sized bouquets are separate lines: the key is the art, plus the size when one is chosen. */
export const cartKey = (e: { art: string; letterSize?: string }): string =>
  e.letterSize ? `${e.art}~${e.letterSize}` : e.art;

type Priced = Pick<CartEntry, 'count' | 'price' | 'discountPrice'> & { priceFactor?: number };

/** One line: count × (discountPrice if set, otherwise price) × priceFactor. */
const lineValue = (e: Priced): number => e.count * (e.discountPrice || e.price) * (e.priceFactor ?? 1);

/** What one line costs in whole roubles, as the cart shows it and the server charges it. */
export const lineSum = (e: Priced): number => Math.round(lineValue(e));

/** Spec §5: Σ count × (discountPrice if set, otherwise price) × priceFactor. */
export const cartTotal = (c: Cart['cart']): number => Object.values(c).reduce((sum, e) => sum + lineValue(e), 0);

export const cartCount = (c: Cart['cart']): number => Object.values(c).reduce((n, e) => n + e.count, 0);

/** Spec §4: adding a present key raises its count; a new key uses the given count or 1. */
export const addToCart = (c: Cart['cart'], entry: Omit<CartEntry, 'count'> & { count?: number }): Cart['cart'] => {
  const key = cartKey(entry);
  const count = (c[key]?.count ?? 0) + (entry.count ?? 1);
  return { ...c, [key]: { ...entry, count } };
};

export const removeFromCart = (c: Cart['cart'], key: string): Cart['cart'] => {
  const { [key]: _removed, ...rest } = c;
  return rest;
};

/** Spec §3: the cart is stored under the phone digits after the first 7 characters, or 'undefined' for a guest. */
export const cartOwner = (phone: string | undefined): string => (phone ? phone.slice(7) : 'undefined');
