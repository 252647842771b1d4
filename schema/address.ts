import { itemCategory, type ItemCategory } from './category';
import { isCarrierPage, slug as pageSlug } from './page';

/**
 * The storefront's addresses (spec §2) as one pure function, so the client's router and the server's answer agree
 * on what exists: the server answers 404 for what is `null` here, and for an item, article, tag, flower or page
 * the stores do not hold.
 */
export type Address =
  | { kind: 'screen' }
  | { kind: 'admin' }
  | { kind: 'category'; id: ItemCategory }
  | { kind: 'item'; id: string }
  | { kind: 'product'; art: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'flower'; slug: string }
  | { kind: 'page'; slug: string };

/** Screens that are there whatever the stores hold. */
export const screenPaths = ['/', '/items', '/search', '/login', '/my', '/my/favourites', '/qr-login', '/orders/create', '/orders/thank-you'] as const;

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
  return slug && !isCarrierPage(slug) && pageSlug.safeParse(slug).success ? { kind: 'page', slug } : null;
};
