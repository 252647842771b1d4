import type { ListAnswer, ListRequest } from '../../../schema/api';
import { byRank, matchesQuery } from '../../../schema/product-filter';
import type { Product } from '../../../schema/product';
import type { LocalData } from '../../data/database';
import { api } from '../../lib/api';
import { suggestionsLimit, type FindSuggestions, type Suggestion } from './suggestions';

type Found = Pick<Product, 'id' | 'name'> & { images?: { url: string }[] };

const toSuggestion = (p: Found): Suggestion => ({ id: p.id, name: p.name, image: p.images?.[0]?.url });

/** Spec §7 "Product search": a list query on items, name includes the query, limit 10. */
export const searchRequest = (q: string): ListRequest => ({ params: { skip: 0, limit: suggestionsLimit }, query: { name: q } });

export const findOnServer = async (q: string): Promise<Suggestion[]> => {
  const answer = await api<ListAnswer<Found>>('/api/items/list', searchRequest(q));
  return answer.data.items.map(toSuggestion);
};

/** The same filter over the device's copy of the catalogue, as the storefront reads it (on sale only). */
export const findInCatalogue = (products: Product[], q: string): Suggestion[] =>
  products
    .filter((p) => p.isActive && !p.isHidden)
    .filter(matchesQuery({ name: q }))
    .sort(byRank)
    .slice(0, suggestionsLimit)
    .map(toSuggestion);

export const findLocally = async (data: LocalData, q: string): Promise<Suggestion[]> => {
  const docs = await data.shop.products.find({ selector: { isActive: true, isHidden: false } }).exec();
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
