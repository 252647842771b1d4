import { z } from 'zod';

/**
 * A favourite is a product a customer marked with the heart. Each device records every change as a mark: the product,
 * whether it is now a favourite, and when the shopper made the change (the device's clock). The set of favourites
 * converges by the rule `newerMark`, per product, whatever order the marks arrive in (DECISIONS.md «Favourites»).
 */
export const favouriteMark = z.strictObject({
  id: z.string().min(1).max(64),
  on: z.boolean(),
  at: z.number().int().min(0),
});
export type FavouriteMark = z.infer<typeof favouriteMark>;

/** How many marks one request carries: a device's queue goes in chunks of this (the body fits /api's 16 KB). */
export const marksPerRequest = 100;
/** How many favourites a customer keeps: a shop's catalogue is a few hundred products. */
export const maxFavourites = 500;

export const favouritesChange = z.strictObject({
  marks: z.array(favouriteMark).min(1, 'Нет изменений').max(marksPerRequest, `Не больше ${marksPerRequest} изменений за раз`),
});

/** The customer's favourites: product ids, newest first. */
export interface FavouritesAnswer {
  data: string[];
}

/**
 * Whether `incoming` replaces `stored` for the same product: the later change wins; at the same moment adding wins
 * (a heart tapped on two devices at once is not lost). Commutative, so replicas and conflict branches agree.
 */
export const newerMark = (incoming: Pick<FavouriteMark, 'on' | 'at'>, stored: Pick<FavouriteMark, 'on' | 'at'> | null | undefined): boolean =>
  !stored || incoming.at > stored.at || (incoming.at === stored.at && incoming.on && !stored.on);
