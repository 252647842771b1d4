import { z } from 'zod';
import { shopImagePath } from '../shared/image-path';
import { shopSettings, shopSettingsId } from '../studio/site/shop-settings';
import { studioProfile } from '../studio/team/studio-profile';
import { catalogSetup } from './catalog-setup';
import { homeCopy } from './home-copy';
import { navigation, navigationId } from './navigation';
import { slug } from './page-slug';

export { slug };

const pageSection = z.strictObject({
  heading: z.string().max(200).default(''),
  text: z.string().max(20000).default(''),
});

/** An address inside the shop a call to action leads to: a path of ours, never another site or a script. */
const shopLink = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[^\s<>"'`\\]*$/, 'Ссылка — адрес внутри магазина, например /items/authors');

/**
 * One block of a page made in the block editor (/admin/pages-editor). Texts are plain text: the storefront shows them
 * as text, so markup or a script typed into a page is shown, never run.
 */
const pageBlock = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('heading'), text: z.string().trim().min(1, 'Заголовок пуст').max(200) }),
  z.strictObject({ kind: z.literal('text'), text: z.string().max(20000) }),
  z.strictObject({ kind: z.literal('image'), src: shopImagePath(z.string().max(500)), alt: z.string().max(200).default('') }),
  z.strictObject({
    kind: z.literal('products'),
    tag: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Выберите тег'),
    heading: z.string().max(200).default(''),
    limit: z.number().int().min(1).max(48).default(12),
  }),
  z.strictObject({ kind: z.literal('cta'), text: z.string().max(500).default(''), label: z.string().trim().min(1, 'Подпись кнопки пуста').max(60), href: shopLink }),
]);
export type PageBlock = z.infer<typeof pageBlock>;

/**
 * The page object. Its inner structure is not in the spec: a title, a description for search engines, an image,
 * sections of text (the plain editor's, and every page written before blocks) and blocks (the block editor's), shown
 * sections first.
 */
export const pageValue = z.strictObject({
  title: z.string().trim().min(1, 'Укажите заголовок').max(200),
  description: z.string().max(500).default(''),
  image: shopImagePath(z.string().max(500)).optional(),
  sections: z.array(pageSection).max(50).default([]),
  blocks: z.array(pageBlock).max(100, 'Не больше 100 блоков').default([]),
});
export type PageValue = z.infer<typeof pageValue>;

export const page = z.strictObject({
  id: slug,
  key: slug,
  value: pageValue,
  updatedAt: z.number().int().min(0),
  /** Only on the studio's profile (`studioProfileId`): the studio's own details. */
  studio: studioProfile.optional(),
  /** Only on `catalogSetupId`: the categories and tags as staff arranged them (schema/shop/catalog-setup.ts). */
  catalogSetup: catalogSetup.optional(),
  /** Only on `homeCopyId`: what the home page shows (schema/shop/home-copy.ts). */
  homeCopy: homeCopy.optional(),
  /** Only on `navigationId`: the site's menu and the footer's links (schema/shop/navigation.ts). */
  navigation: navigation.optional(),
  /** Only on the shop's settings (`shopSettingsId`, schema/studio/site/shop-settings.ts): what checkout and the server price by. */
  settings: shopSettings.optional(),
});
export type Page = z.infer<typeof page>;

/**
 * The pages store's one document that is no page: the studio's profile (schema/studio/team/studio-profile.ts), kept where every
 * device already pulls from. No address names it (schema/shop/address.ts), /api/pages/* neither shows nor writes it.
 */
export const studioProfileId = 'studio-profile';

/** The pages store's documents that carry the shop's arrangement: the catalogue's (/admin/catalog) and the home page's (/admin/index-copy). */
export const catalogSetupId = 'catalog-setup';
export const homeCopyId = 'home-copy';

/**
 * Whether a document of the pages store is a setting rather than a page (the studio's profile, the shop's settings, the
 * catalogue's arrangement, the home page's, the navigation): no address shows it, /api/pages/* neither lists nor writes it.
 */
export const isSettingPage = (id: string): boolean => id === studioProfileId || id === shopSettingsId || id === catalogSetupId || id === homeCopyId || id === navigationId;

/** /api/pages/update takes the page, or key (path) and value. */
export const pageUpdate = z
  .union([z.strictObject({ key: slug, value: pageValue }), page.omit({ updatedAt: true, studio: true, settings: true, catalogSetup: true, homeCopy: true, navigation: true }).partial({ id: true })])
  .refine((p) => !isSettingPage('id' in p && p.id ? p.id : p.key), {
    error: 'Этот адрес занят настройками магазина (профилем мастерской, настройками, каталогом, витриной или навигацией): они правятся в своих разделах',
    path: ['key'],
  });

/** Body of POST /api/pages/draft: a page as its editor left it, not shown to anyone yet. `isNew`: refused if the address is taken. */
export const pageDraftRequest = z.strictObject({ key: slug, value: pageValue, isNew: z.boolean().default(false) });
export type PageDraftRequest = z.infer<typeof pageDraftRequest>;

/** A draft as stored and listed: the page's value, who saved it and when. */
export const pageDraft = z.object({ key: slug, value: pageValue, savedBy: z.string(), savedAt: z.number() });
export type PageDraft = z.infer<typeof pageDraft>;
