import { defaultParseSearch } from '@tanstack/react-router';

/**
 * An address's query as the tab's router reads it: each value taken as JSON where it reads as JSON (`tags=["love"]`
 * a list, `pages=2` a number, `name="123"` the text 123), by the router's own reader rather than a copy of it, so
 * the server's first view of a shelf filters and orders as the page it hydrates into does.
 */
export const routerQuery = (search: URLSearchParams): Record<string, unknown> => ({ ...defaultParseSearch(search.toString()) });
