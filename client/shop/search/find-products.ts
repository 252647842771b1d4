import type { ListRequest } from '../../../schema/shared/api';
import type { Product } from '../../../schema/shop/product';
import type { LocalData } from '../../data/database';
import { call } from '../../lib/api';
import { suggestionsLimit, type FindSuggestions, type Suggestion } from './suggestions';

type Found = Pick<Product, 'id' | 'name'> & { images?: { url: string }[] };

const toSuggestion = (p: Found): Suggestion => ({ id: p.id, name: p.name, image: p.images?.[0]?.url });

/** Spec §7 "Product search": a list query on items by name, limit 10; the server searches as the device does. */
export const searchRequest = (q: string): ListRequest => ({ params: { skip: 0, limit: suggestionsLimit }, query: { name: q } });

const findOnServer = async (q: string): Promise<Suggestion[]> => {
  const answer = await call('POST /api/items/list', searchRequest(q));
  return answer.data.items.map(toSuggestion);
};

/**
 * The search library's chunk. Asked for when the browser is idle after the first view, so it is in the cache
 * (and the service worker's) before the shopper goes offline and types.
 */
export const loadCatalogSearch = () => import('./catalog-search');

export const findLocally = async (data: LocalData, q: string): Promise<Suggestion[]> => {
  const [{ findInCatalogue }, docs] = await Promise.all([loadCatalogSearch(), data.shop.products.find({ selector: { isActive: true, isHidden: false } }).exec()]);
  return findInCatalogue(
    docs.map((d) => d.toMutableJSON() as Product),
    q,
  );
};

/** Online: the server's list call; offline, or when that fails: the local catalogue, so search works without network. */
export const productFinder = (
  local: (q: string) => Promise<Suggestion[]>,
  server: (q: string) => Promise<Suggestion[]> = findOnServer,
  online: () => boolean = () => navigator.onLine,
): FindSuggestions => async (q) => {
  if (online()) {
    try {
      return await server(q);
    } catch {
      // fall through to the device's catalogue
    }
  }
  return local(q);
};
