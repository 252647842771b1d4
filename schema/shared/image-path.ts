import { z } from 'zod';

/**
 * The shop's own pictures, the only ones a product or a page may show: the drawn ones, `/img/{kind}/{seed}.svg` or
 * their `.png` (server/api/images.ts), and bouquet photos, `/api/photos/{id}` (server/photos/photos-api.ts). A path on
 * the shop's own origin, so nothing else can be written: no scheme (`javascript:`, `https:`), no `//` or `@` (another
 * host once the origin is put in front, as `og:image` does), no quotes or angle brackets.
 */
const shopImage = /^\/(?:img\/[a-z]+\/[a-z0-9-]{1,120}\.(?:svg|png)|api\/photos\/[A-Za-z0-9_-]{16,64})$/;

export const isShopImagePath = (url: string): boolean => shopImage.test(url);

/**
 * A picture's address field, `field` checked by `isShopImagePath`. A refinement, not a `regex`: the devices' RxDB
 * schemas derived from it stay as they were (client/data/collections.ts), and the server is where it is enforced.
 */
export const shopImagePath = (field: z.ZodString) => field.refine(isShopImagePath, 'Картинка: только адрес картинки магазина, /img/… или /api/photos/…');

/** An uploaded catalogue picture (server/photos/item-image.ts): `/api/photos/i…`, kept in the sizes the storefront draws. */
const uploaded = /^\/api\/photos\/i[A-Za-z0-9_-]{40}$/;

/** The address of a picture at the size of a list's card: an upload's smaller copy, any other picture as it is. */
export const cardImage = (url: string): string => (uploaded.test(url) ? `${url}/card` : url);
