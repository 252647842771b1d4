import { z } from 'zod';
import { pageSize } from '../shared/api';
import { byRank } from './product-filter';
import { unitPrice, type Product } from './product';

/**
 * A shelf's state in the address, so Back from a product comes to the same shelf: the order (`sort`, none for the
 * most popular first) and how many «Показать ещё» pages are open (`pages`, none for the first). Every route that
 * shows a shelf lets these through its `validateSearch`; the server reads them to draw a category's first view.
 */
export const listParams = z.object({
  sort: z.enum(['cheap', 'dear']).optional().catch(undefined),
  pages: z.coerce.number().int().min(2).max(500).optional().catch(undefined),
});
export type ListParams = z.infer<typeof listParams>;
export type ShelfOrder = NonNullable<ListParams['sort']> | 'popular';

/** How a shelf orders its products: the most popular first (none: the products come so), or by price. */
export const shelfCompare: Record<ShelfOrder, ((a: Product, b: Product) => number) | null> = {
  popular: null,
  cheap: (a, b) => unitPrice(a) - unitPrice(b),
  dear: (a, b) => unitPrice(b) - unitPrice(a),
};

/**
 * What a shelf's first view shows: its products in its order (bestsellers first, then by price if asked), as many as
 * its open pages hold. A category's server snapshot carries these and the count, not every product of the category.
 */
export const firstPagesOf = (products: Product[], params: ListParams): Product[] => {
  const ranked = [...products].sort(byRank);
  const compare = shelfCompare[params.sort ?? 'popular'];
  return (compare ? ranked.sort(compare) : ranked).slice(0, (params.pages ?? 1) * pageSize);
};
