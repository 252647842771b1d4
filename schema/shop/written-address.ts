import { z } from 'zod';
import { addressOf, movedTo } from './address';
import { orderDraft } from '../studio/orders/order';
import { addressText, productFilterParams, writeFilter } from './product-filter-params';
import { listParams } from './shelf';

/**
 * What each storefront route keeps of its query: the tab's routes validate their search with these
 * (client/route-tree.tsx), and the server reads an address's written form with the same (`writtenAddress`).
 */
export const routeSearch = {
  /** /items: the catalogue's filter and its shelf. */
  items: productFilterParams.extend(listParams.shape),
  /** A shelf of its own (/items/{category or item}, /tags/{tag}, /flowers/{slug}). */
  shelf: listParams,
  /** /search: the text searched for (none: the search page asks for one; one too long, it says so) and its shelf. */
  search: z.object({ q: addressText().catch(undefined) }).extend(listParams.shape),
  login: z.object({ redirect: z.string().max(500).optional().catch(undefined) }),
  qrLogin: z.object({ code: z.string().optional().catch(undefined) }),
  thankYou: z.object({
    number: z.coerce.number().int().positive().optional().catch(undefined),
    /** A guest's draft waiting on the device for this phone's code. */
    phone: z.string().regex(/^7\d{10}$/).optional().catch(undefined),
    // The order paid online, as the payment provider brings the customer back.
    order: orderDraft.shape.id.optional().catch(undefined),
  }),
};

/** How /items writes what it keeps (its route's search middleware): no empty text, no false flag, no empty list. */
export const writeItemsSearch = writeFilter;

/** A query as its route writes it: what the route reads replaces what was asked, other keys stay, then its writing. */
const written = <T extends object>(read: z.ZodType<T>, query: Record<string, unknown>, write: (search: T) => object = (search) => search) => {
  const parsed = read.safeParse(query);
  if (!parsed.success) return query;
  const kept = write({ ...query, ...parsed.data });
  return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined));
};

const screenQuery = (path: string, query: Record<string, unknown>): Record<string, unknown> => {
  switch (path) {
    case '/items':
      return written(routeSearch.items, query, writeItemsSearch);
    case '/search':
      return written(routeSearch.search, query);
    case '/login':
      return written(routeSearch.login, query);
    case '/qr-login':
      return written(routeSearch.qrLogin, query);
    case '/orders/thank-you':
      return written(routeSearch.thankYou, query);
    default:
      return query;
  }
};

/** A storefront address: its path (as sent, still encoded) and its query as the tab's router reads it. */
interface WrittenAddress {
  pathname: string;
  query: Record<string, unknown>;
}

/**
 * The one address of a storefront page, as the tab's router writes it: the path without a trailing slash or a doubled
 * leading one (an address without a page of its own, `movedTo`, is its page's), the query with what the route drops
 * dropped and what it rewrites rewritten (`routeSearch`; keys no route reads stay). `null` for what is no storefront page's address
 * (the back-office's, an address of no page's shape): those are never written otherwise. The server answers an
 * address whose written form differs 301 there, so each page has one address for search engines and is drawn at once.
 */
export const writtenAddress = (pathname: string, query: Record<string, unknown>): WrittenAddress | null => {
  // One slash before the path too: `//studio/` is the studio's page, and its written form no other host's (`//studio`).
  const trimmed = `/${pathname.replace(/^\/+|\/+$/g, '')}`;
  const path = movedTo(trimmed) ?? trimmed;
  const address = addressOf(path);
  switch (address?.kind) {
    case undefined:
    case 'admin':
      return null;
    case 'screen':
      return { pathname: path, query: screenQuery(path, query) };
    case 'category':
    case 'item':
    case 'tag':
    case 'flower':
      return { pathname: path, query: written(routeSearch.shelf, query) };
    case 'product':
    case 'page':
      return { pathname: path, query };
  }
};
