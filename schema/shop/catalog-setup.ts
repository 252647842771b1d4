import { z } from 'zod';
import { categories, itemCategory, type ItemCategory } from './category';
import { tagLabels } from './tag';

const name = (max: number) => z.string({ error: 'Укажите название' }).trim().min(1, 'Укажите название').max(max, `Название длиннее ${max} символов`);

/** A tag as products carry it and /tags/{tag} names it. */
export const tagSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'Метка: латиница, цифры и дефис, до 40 знаков');

/** One category of the catalogue: its name on the bar, its page and its products' cards, and whether the bar shows it. */
const categorySetting = z.strictObject({ id: itemCategory, label: name(60), onBar: z.boolean() });
export type CategorySetting = z.infer<typeof categorySetting>;

/** One tag with its Russian name: the filter chips of /items and the title of /tags/{tag} show it. */
export const tagSetting = z.strictObject({ id: tagSlug, label: name(100) });

/**
 * How the catalogue is arranged (/admin/catalog, issue 19 item 9): the categories in the bar's order with their
 * names and whether the bar shows them, and the named tags. One record in the `pages` store every device and guest
 * pulls (schema/shop/page.ts `catalogSetupId`), so the bar, the pages and the server's HTML read the same, offline too.
 * Categories themselves are the catalogue's (schema/shop/category.ts: the spec's ten and the extras with pages of their
 * own): a product names one, so they are renamed, reordered and hidden here, never added or removed.
 */
export const catalogSetup = z
  .strictObject({
    categories: z.array(categorySetting).max(itemCategory.options.length),
    tags: z.array(tagSetting).max(100, 'Не больше 100 меток'),
  })
  .superRefine((s, ctx) => {
    s.categories.forEach((c, i) => {
      if (s.categories.findIndex((o) => o.id === c.id) < i) ctx.addIssue({ code: 'custom', path: ['categories', i, 'id'], message: `Категория «${c.label}» указана дважды: у категории один адрес /items/${c.id}` });
      if (s.categories.findIndex((o) => o.label.toLowerCase() === c.label.toLowerCase()) < i)
        ctx.addIssue({ code: 'custom', path: ['categories', i, 'label'], message: `Две категории называются «${c.label}»: покупатель их не различит` });
    });
    s.tags.forEach((t, i) => {
      if (s.tags.findIndex((o) => o.id === t.id) < i) ctx.addIssue({ code: 'custom', path: ['tags', i, 'id'], message: `Метка «${t.id}» указана дважды` });
    });
  });
export type CatalogSetup = z.infer<typeof catalogSetup>;

/** The extras' names (they have pages but are not on the spec's bar). */
const extraLabels: Record<Exclude<ItemCategory, (typeof categories)[number]['id']>, string> = {
  vases: 'Вазы',
  paintings: 'Картины из цветов и мха',
  complex: 'Сборные заказы',
};

/** What the shop shows until staff arrange it: the spec's bar, the extras off the bar, the tags the code knew. */
export const defaultCatalogSetup: CatalogSetup = {
  categories: [...categories.map((c) => ({ id: c.id, label: c.label, onBar: true })), ...Object.entries(extraLabels).map(([id, label]) => ({ id: id as ItemCategory, label, onBar: false }))],
  tags: Object.entries(tagLabels).map(([id, label]) => ({ id, label })),
};

/** A stored arrangement with every category in it: one the catalogue gained since it was saved comes last, off the bar. */
export const arranged = (stored: CatalogSetup | undefined): CatalogSetup => {
  if (!stored) return defaultCatalogSetup;
  const missing = defaultCatalogSetup.categories.filter((d) => !stored.categories.some((c) => c.id === d.id)).map((d) => ({ ...d, onBar: false }));
  return missing.length ? { ...stored, categories: [...stored.categories, ...missing] } : stored;
};

/** The category bar: the categories shown on it, in its order. */
export const barCategories = (setup: CatalogSetup): CategorySetting[] => setup.categories.filter((c) => c.onBar);

export const categoryLabelIn = (setup: CatalogSetup, id: string): string | undefined => setup.categories.find((c) => c.id === id)?.label;

export const tagLabelIn = (setup: CatalogSetup, tag: string): string | undefined => setup.tags.find((t) => t.id === tag)?.label;

/** /api/catalog-setup/update: the arrangement and the `updatedAt` it was read at (0 when none was saved yet). */
export const catalogSetupUpdate = z.strictObject({ setup: catalogSetup, updatedAt: z.number().int().min(0) });

/** What /api/catalog-setup/get and /update answer. */
export interface CatalogSetupAnswer {
  data: { setup: CatalogSetup; updatedAt: number };
}
