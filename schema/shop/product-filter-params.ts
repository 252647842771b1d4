import { z } from 'zod';

/**
 * Spec §2: the product list filter lives in the URL query — name, isActive, isHidden, itemType, shownOn
 * (default one entry, 'recepty'), tags (default empty list), category. Falsy values are left out of the URL;
 * isActive is read as a boolean and written as JSON; isHidden is read as a boolean.
 */
const flag = z.preprocess((v) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : undefined), z.boolean().optional());
const list = z.preprocess((v) => (v === undefined ? undefined : [v].flat().filter((x) => typeof x === 'string' && x)), z.array(z.string().max(40)).optional());

/**
 * Text typed into an address: a router reads `?q=1024` as the number 1024, and an article code searched for is text.
 * What the tab writes itself comes quoted (`?q=%221024%22`) and is read as text already.
 */
export const addressText = (max?: number) => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), (max === undefined ? z.string() : z.string().max(max)).optional());

export const productFilterParams = z.object({
  name: addressText(200).catch(undefined),
  isActive: flag.catch(undefined),
  isHidden: flag.catch(undefined),
  itemType: z.string().max(40).optional().catch(undefined),
  shownOn: list.catch(undefined),
  tags: list.catch(undefined),
  category: z.string().max(40).optional().catch(undefined),
});
export type ProductFilterParams = z.infer<typeof productFilterParams>;

/** The spec's defaults, applied when the URL says nothing. The storefront has its own (it shows every shelf). */
const backOfficeDefaults = { shownOn: ['recepty'], tags: [] as string[] };

/** The storefront's catalogue (/items) shows every shelf and no chosen occasion unless the address says otherwise. */
const catalogueDefaults = { tags: [] as string[] };

export const readFilter = (search: ProductFilterParams, defaults: { shownOn?: string[]; tags?: string[] } = backOfficeDefaults) => ({
  ...search,
  shownOn: search.shownOn ?? defaults.shownOn,
  tags: search.tags ?? defaults.tags ?? [],
});

/**
 * What goes into the URL: falsy values and empty lists removed. The router writes every non-string value
 * as JSON, so isActive appears as `isActive=true`.
 */
export const writeFilter = (filter: ProductFilterParams): ProductFilterParams =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : !!v)));

/**
 * What the catalogue (/items) shows for its address's filter, read as the router reads the query: every product on
 * sale it lets through (`matchesQuery`). The tab's route and the server's first view of /items read it here alike.
 */
export const catalogueFilter = (search: ProductFilterParams) => readFilter(search, catalogueDefaults);
