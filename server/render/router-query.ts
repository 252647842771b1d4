import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { writtenAddress } from '../../schema/shop/written-address';

/**
 * An address's query as the tab's router reads it: each value taken as JSON where it reads as JSON (`tags=["love"]`
 * a list, `pages=2` a number, `name="123"` the text 123), by the router's own reader rather than a copy of it, so
 * the server's first view of a shelf filters and orders as the page it hydrates into does.
 */
export const routerQuery = (search: URLSearchParams): Record<string, unknown> => ({ ...defaultParseSearch(search.toString()) });

/**
 * Where a storefront address is written otherwise (`writtenAddress`, schema/shop/written-address.ts): its written form
 * with the query in the router's own writing, or `null` when it is written so already or is no storefront page's.
 * Queries are compared as the router compares them (read, then written), so `?q=a%20b` is `?q=a+b` and no redirect.
 */
export const writtenHref = (pathname: string, search: URLSearchParams): string | null => {
  const query = routerQuery(search);
  const written = writtenAddress(pathname, query);
  if (!written) return null;
  const href = written.pathname + defaultStringifySearch(written.query);
  return href === pathname + defaultStringifySearch(query) ? null : href;
};
