import { pageSize, type ListRequest } from '../../../../schema/shared/api';
import { categories, extraCategoryIds } from '../../../../schema/shop/category';
import { tagLabels } from '../../../../schema/shop/tag';
import type { ListSearch } from '../../kit/list-search';

const extraLabels: Record<(typeof extraCategoryIds)[number], string> = { vases: 'Вазы', paintings: 'Картины', complex: 'Комплексные' };
/** Every shelf an item may be on: the bar's ten, then the pages off the bar. */
export const categoryOptions = [...categories.map((c) => ({ id: c.id, label: c.label })), ...extraCategoryIds.map((id) => ({ id, label: extraLabels[id] }))];
export const tagOptions = Object.entries(tagLabels).map(([id, label]) => ({ id, label }));
export const yesNo = [{ id: 'true', label: 'Да' }, { id: 'false', label: 'Нет' }];
const flag = (v: string | undefined) => (v === 'true' ? true : v === 'false' ? false : undefined);

/** The spec's product-list filter from the address (`q`, `f.category`, `f.tag`, `f.active`, `f.hidden`, `page`). */
export const itemsRequest = (search: ListSearch): ListRequest => {
  const f = search.f ?? {};
  const query: ListRequest['query'] = {};
  if (search.q?.trim()) query.name = search.q.trim();
  if (f.category) query.category = f.category;
  if (f.tag) query.tags = [f.tag];
  if (flag(f.active) !== undefined) query.isActive = flag(f.active);
  if (flag(f.hidden) !== undefined) query.isHidden = flag(f.hidden);
  return { params: { skip: ((search.page ?? 1) - 1) * pageSize, limit: pageSize }, query };
};

