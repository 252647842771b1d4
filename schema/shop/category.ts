import { z } from 'zod';

/** The category bar, in the order the spec lists it. */
export const categories = [
  { id: 'authors', label: 'Авторские букеты' },
  { id: 'monobouquets', label: 'Монобукеты' },
  { id: 'baskets', label: 'Цветы в корзине' },
  { id: 'boxes', label: 'Цветы в коробке' },
  { id: 'potted', label: 'Горшечные растения' },
  { id: 'woodbox', label: 'Цветы в ящике' },
  { id: 'dried', label: 'Сухоцветы' },
  { id: 'premium', label: 'Премиальная флористика' },
  { id: 'flowersbypiece', label: 'Цветы поштучно' },
  { id: 'toys', label: 'Игрушки' },
] as const;

export const categoryIds = categories.map((c) => c.id) as [CategoryId, ...CategoryId[]];
type CategoryId = (typeof categories)[number]['id'];

/** Catalogue pages that are not on the bar but have their own page (/items/vases, /items/paintings). */
export const extraCategoryIds = ['vases', 'paintings', 'complex'] as const;

export const itemCategory = z.enum([...categoryIds, ...extraCategoryIds]);
export type ItemCategory = z.infer<typeof itemCategory>;
