import { z } from 'zod';
import { tagSlug } from './catalog-setup';
import { slug } from './page-slug';

const heading = z.string({ error: 'Укажите заголовок' }).trim().min(1, 'Укажите заголовок').max(100, 'Заголовок длиннее 100 символов');
const productId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'Идентификатор товара: латиница, цифры и дефис');

/** A seasonal collection on the home page: a campaign page of the pages store (/new-year) and its card's caption. */
const homeCollection = z.strictObject({ slug, title: heading });

/** A shelf of the home page: the products of one tag under a heading (up to 4, as a category's shelf). */
const homeShelf = z.strictObject({ heading, tag: tagSlug });

/**
 * What the home page shows (/admin/index-copy, issue 19 item 9): the seasonal collections, the bestsellers (chosen
 * products in their order, or the catalogue's first eight when none is chosen), shelves of chosen tags, and whether
 * each category of the bar gets its shelf. One record in the `pages` store (schema/shop/page.ts `homeCopyId`): the home
 * page and its server HTML read it, offline too.
 */
export const homeCopy = z
  .strictObject({
    collectionsHeading: heading,
    collections: z.array(homeCollection).max(12, 'Не больше 12 коллекций'),
    bestsellersHeading: heading,
    bestsellers: z.array(productId).max(12, 'Не больше 12 хитов'),
    shelves: z.array(homeShelf).max(10, 'Не больше 10 полок'),
    categoryShelves: z.boolean(),
  })
  .superRefine((h, ctx) => {
    h.collections.forEach((c, i) => {
      if (h.collections.findIndex((o) => o.slug === c.slug) < i) ctx.addIssue({ code: 'custom', path: ['collections', i, 'slug'], message: `Коллекция /${c.slug} указана дважды` });
    });
    h.bestsellers.forEach((p, i) => {
      if (h.bestsellers.indexOf(p) < i) ctx.addIssue({ code: 'custom', path: ['bestsellers', i], message: `Товар ${p} указан дважды` });
    });
  });
export type HomeCopy = z.infer<typeof homeCopy>;

/** What the home page showed before staff chose (the constants it held). */
export const defaultHomeCopy: HomeCopy = {
  collectionsHeading: 'Сезонные коллекции',
  collections: [
    { slug: 'new-year', title: 'Новогодняя коллекция' },
    { slug: 'bukety-na-den-rozhdeniya', title: 'На день рождения' },
    { slug: '8march', title: 'К 8 Марта' },
    { slug: 'mothers-day', title: 'Ко Дню матери' },
  ],
  bestsellersHeading: 'Хиты продаж',
  bestsellers: [],
  shelves: [],
  categoryShelves: true,
};

/** The bestsellers shown: the chosen products still on sale, in their order; the first eight on sale when none is. */
export const bestsellersOf = <P extends { id: string }>(copy: HomeCopy, onSale: readonly P[]): P[] => {
  const chosen = copy.bestsellers.flatMap((id) => onSale.filter((p) => p.id === id));
  return copy.bestsellers.length && chosen.length ? chosen : onSale.slice(0, 8);
};

/** A tag's shelf: its first four products on sale. */
export const shelfOf = <P extends { tags: readonly string[] }>(shelf: { tag: string }, onSale: readonly P[]): P[] => onSale.filter((p) => p.tags.includes(shelf.tag)).slice(0, 4);

/** /api/home-copy/update: what the home page shows and the `updatedAt` it was read at (0 when none was saved yet). */
export const homeCopyUpdate = z.strictObject({ copy: homeCopy, updatedAt: z.number().int().min(0) });

/** What /api/home-copy/get and /update answer. */
export interface HomeCopyAnswer {
  data: { copy: HomeCopy; updatedAt: number };
}
