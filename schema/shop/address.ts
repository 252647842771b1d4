import { itemCategory, type ItemCategory } from './category';
import { isSettingPage, slug as pageSlug } from './page';

/**
 * The storefront's addresses (spec §2) as one pure function, so the client's router and the server's answer agree
 * on what exists: the server answers 404 for what is `null` here, and for an item, article, tag, flower or page
 * the stores do not hold.
 */
type Address =
  | { kind: 'screen' }
  | { kind: 'admin' }
  | { kind: 'category'; id: ItemCategory }
  | { kind: 'item'; id: string }
  | { kind: 'product'; art: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'flower'; slug: string }
  | { kind: 'page'; slug: string };

/** Screens that are there whatever the stores hold. */
const screenPaths = ['/', '/items', '/search', '/login', '/my', '/my/favourites', '/qr-login', '/orders/create', '/orders/thank-you'] as const;

/** Addresses the spec keeps without a page of their own (§2: /items/complex), and the page each leads to. */
const movedPaths: Record<string, '/items'> = { '/items/complex': '/items' };

/** Where an address without a page of its own leads (the server answers 301, the tab goes there), or `null`. */
export const movedTo = (pathname: string): '/items' | null => movedPaths[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname] ?? null;

const decoded = (path: string): string | null => {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
};

export const addressOf = (pathname: string): Address | null => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((screenPaths as readonly string[]).includes(path)) return { kind: 'screen' };
  if (path === '/admin' || path.startsWith('/admin/')) return { kind: 'admin' };
  const [, first, second, ...rest] = path.split('/');
  const one = second !== undefined && rest.length === 0 ? decoded(second) : null;
  if (first === 'items' && one) {
    const category = itemCategory.safeParse(one);
    return category.success ? { kind: 'category', id: category.data } : { kind: 'item', id: one };
  }
  if (first === 'product' && one) return { kind: 'product', art: one.split('~')[0] };
  if (first === 'tags' && one) return { kind: 'tag', tag: one };
  if (first === 'flowers' && one) return { kind: 'flower', slug: one };
  const slug = decoded(path.replace(/^\/+/, ''));
  return slug && !isSettingPage(slug) && pageSlug.safeParse(slug).success ? { kind: 'page', slug } : null;
};
