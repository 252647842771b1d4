import type { ListRequest } from '../shared/api';
import type { Product } from './product';

/** The product list filter of the spec (§2): every given field narrows the list. */
export const matchesQuery = (q: ListRequest['query']) => (p: Product): boolean =>
  (!q.name || p.name.toLowerCase().includes(q.name.toLowerCase()) || p.art.toLowerCase() === q.name.toLowerCase()) &&
  (q.isActive === undefined || p.isActive === q.isActive) &&
  (q.isHidden === undefined || p.isHidden === q.isHidden) &&
  (!q.itemType || p.itemType === q.itemType) &&
  (!q.category || p.category === q.category) &&
  (!q.shownOn?.length || q.shownOn.some((s) => p.shownOn.includes(s))) &&
  (!q.tags?.length || q.tags.every((t) => p.tags.includes(t)));

export const byRank = (a: Product, b: Product): number => a.rank - b.rank || a.name.localeCompare(b.name, 'ru');
