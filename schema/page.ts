import { z } from 'zod';
import { shopImagePath } from './image-path';
import { shopSettings, shopSettingsId } from './shop-settings';
import { studioProfile } from './studio-profile';
import { catalogSetup } from './catalog-setup';
import { homeCopy } from './home-copy';
import { slug } from './page-slug';

export { slug };

export const pageSection = z.strictObject({
  heading: z.string().max(200).default(''),
  text: z.string().max(20000).default(''),
});

/** The page object. Its inner structure is not in the spec: a title, a description for search engines and sections of text. */
export const pageValue = z.strictObject({
  title: z.string().trim().min(1, 'Укажите заголовок').max(200),
  description: z.string().max(500).default(''),
  image: shopImagePath(z.string().max(500)).optional(),
  sections: z.array(pageSection).max(50).default([]),
});
export type PageValue = z.infer<typeof pageValue>;

export const page = z.strictObject({
  id: slug,
  key: slug,
  value: pageValue,
  updatedAt: z.number().int().min(0),
  /** Only on the studio's profile (`studioProfileId`): the studio's own details. */
  studio: studioProfile.optional(),
  /** Only on `catalogSetupId`: the categories and tags as staff arranged them (schema/catalog-setup.ts). */
  catalogSetup: catalogSetup.optional(),
  /** Only on `homeCopyId`: what the home page shows (schema/home-copy.ts). */
  homeCopy: homeCopy.optional(),
  /** Only on the shop's settings (`shopSettingsId`, schema/shop-settings.ts): what checkout and the server price by. */
  settings: shopSettings.optional(),
});
export type Page = z.infer<typeof page>;

/**
 * The pages store's one document that is no page: the studio's profile (schema/studio-profile.ts), kept where every
 * device already pulls from. No address names it (schema/address.ts), /api/pages/* neither shows nor writes it.
 */
export const studioProfileId = 'studio-profile';

/** The pages store's documents that carry the shop's arrangement: the catalogue's (/admin/catalog) and the home page's (/admin/index-copy). */
export const catalogSetupId = 'catalog-setup';
export const homeCopyId = 'home-copy';

/**
 * Whether a document of the pages store is a setting rather than a page (the studio's profile, the shop's settings, the
 * catalogue's arrangement, the home page's): no address shows it, /api/pages/* neither lists nor writes it.
 */
export const isSettingPage = (id: string): boolean => id === studioProfileId || id === shopSettingsId || id === catalogSetupId || id === homeCopyId;

/** /api/pages/update takes the page, or key (path) and value. */
export const pageUpdate = z
  .union([z.strictObject({ key: slug, value: pageValue }), page.omit({ updatedAt: true, studio: true, settings: true, catalogSetup: true, homeCopy: true }).partial({ id: true })])
  .refine((p) => !isSettingPage('id' in p && p.id ? p.id : p.key), {
    error: 'Этот адрес занят настройками магазина (профилем мастерской, настройками, каталогом или витриной): они правятся в своих разделах',
    path: ['key'],
  });
