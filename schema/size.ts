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
