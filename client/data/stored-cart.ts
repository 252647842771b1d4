import { z } from 'zod';
import { cart } from '../../schema/shop/cart';

/**
 * A stored cart: the spec's value {cart} under its owner key (phone digits after the first 7, or 'undefined').
 * A file of its own so the cart, which every page shows, does not build every collection's schema at start.
 */
export const storedCart = cart.extend({ owner: z.string().min(1).max(20) });
export type StoredCart = z.infer<typeof storedCart>;
