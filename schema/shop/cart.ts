import { z } from 'zod';
import { letterSize, sizedPrice } from './size';
import { roubles } from '../shared/money';

/** One cart line (spec §3). */
const cartEntry = z.strictObject({
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
const cartKey = (e: { art: string; letterSize?: string }): string =>
  e.letterSize ? `${e.art}~${e.letterSize}` : e.art;

type Priced = Pick<CartEntry, 'count' | 'price' | 'discountPrice'> & { priceFactor?: number };

/** One unit of the line: (discountPrice if set, otherwise price) × priceFactor, rounded as `sizedPrice` rounds it. */
export const linePrice = (e: Omit<Priced, 'count'>): number => sizedPrice(e.discountPrice || e.price, e.priceFactor ?? 1);

/** What one line costs in whole roubles, as the cart shows it and the server charges it: count × the unit's price. */
export const lineSum = (e: Priced): number => e.count * linePrice(e);

/** Spec §5: Σ count × (discountPrice if set, otherwise price) × priceFactor — each size's price rounded to tens. */
export const cartTotal = (c: Cart['cart']): number => Object.values(c).reduce((sum, e) => sum + lineSum(e), 0);

export const cartCount = (c: Cart['cart']): number => Object.values(c).reduce((n, e) => n + e.count, 0);

/** Spec §4: adding a present key raises its count; a new key uses the given count or 1. */
export const addToCart = (c: Cart['cart'], entry: Omit<CartEntry, 'count'> & { count?: number }): Cart['cart'] => {
  const key = cartKey(entry);
  const count = (c[key]?.count ?? 0) + (entry.count ?? 1);
  return { ...c, [key]: { ...entry, count } };
};

/** Sets one line's count (the cart's − and +); a count the line cannot have leaves the cart as it is. */
export const setCount = (c: Cart['cart'], key: string, count: number): Cart['cart'] => {
  const line = c[key];
  if (!line || !cartEntry.shape.count.safeParse(count).success) return c;
  return { ...c, [key]: { ...line, count } };
};

export const removeFromCart = (c: Cart['cart'], key: string): Cart['cart'] => {
  const { [key]: _removed, ...rest } = c;
  return rest;
};

/** Spec §3: the cart is stored under the phone digits after the first 7 characters, or 'undefined' for a guest. */
export const cartOwner = (phone: string | undefined): string => (phone ? phone.slice(7) : 'undefined');
