import { z } from 'zod';

/** Bouquet sizes (spec §3 defaults) and how much each multiplies the base price by. */
export const sizes = [
  { id: 'M', priceFactor: 1 },
  { id: 'L', priceFactor: 1.5 },
  { id: 'XL', priceFactor: 2 },
  { id: 'XXL', priceFactor: 3 },
] as const;

export const letterSize = z.enum(['M', 'L', 'XL', 'XXL']);
export type LetterSize = z.infer<typeof letterSize>;

export const priceFactorOf = (size: LetterSize | undefined): number =>
  sizes.find((s) => s.id === size)?.priceFactor ?? 1;

/**
 * The price of one unit in a size, as shops write it: the base price × the size's factor, rounded to tens of
 * roubles (3 495 ₽ in L is 5 240 ₽, not 5 242,5). The base size keeps its price as it is. Every price of a size —
 * the size picker, the cart, the checkout and the server's order lines — is this one.
 */
export const sizedPrice = (unit: number, priceFactor = 1): number => (priceFactor === 1 ? unit : Math.round((unit * priceFactor) / 10) * 10);
