import { byRank } from '../../../schema/shop/product-filter';
import type { Product } from '../../../schema/shop/product';
import { catalogSearch, type CatalogSearch } from '../../../schema/shop/search';
import { suggestionsLimit, type Suggestion } from './suggestions';

/**
 * The device's side of the catalogue search: the same index as the server's (schema/shop/search.ts), over the device's
 * copy of the catalogue. Loaded as its own chunk (find-products.ts), so the first view does not carry the library.
 */

let built: { key: string; search: CatalogSearch } | null = null;

/** The index of these products, built again only when the catalogue changed (an item added, removed or edited). */
export const searchOf = (products: readonly Product[]): CatalogSearch => {
  const key = products.map((p) => `${p.id}@${p.updatedAt}`).join('|');
  if (built?.key !== key) built = { key, search: catalogSearch([...products].sort(byRank)) };
  return built.search;
};

const onSale = (p: Product) => p.isActive && !p.isHidden;

/** Products on sale matching the query, best first: what /search lists. */
export const searchCatalogue = (products: readonly Product[], q: string): Product[] => searchOf(products).find(q).filter(onSale);

const toSuggestion = (p: Product): Suggestion => ({ id: p.id, name: p.name, image: p.images[0]?.url });

/** The header's suggestions from the device's catalogue: on sale, best first, first image, at most 10. */
export const findInCatalogue = (products: readonly Product[], q: string): Suggestion[] => searchCatalogue(products, q).slice(0, suggestionsLimit).map(toSuggestion);
