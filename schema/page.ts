import { z } from 'zod';
import { shopImagePath } from './image-path';

export const slug = z.string().regex(/^[a-z0-9][a-z0-9/-]{0,120}$/, 'Адрес страницы: латиница, цифры, дефис и /');

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
});
export type Page = z.infer<typeof page>;

/** /api/pages/update takes the page, or key (path) and value. */
export const pageUpdate = z.union([
  z.strictObject({ key: slug, value: pageValue }),
  page.omit({ updatedAt: true }).partial({ id: true }),
]);
