import { z } from 'zod';

const label = (what: string) => z.string({ error: `${what}: укажите название` }).trim().min(1, `${what}: укажите название`).max(60, `${what}: не длиннее 60 символов`);

/**
 * Where a link of the site's navigation may lead, by its shape: a path of the shop (`/items/authors`, `/info`), or
 * another site by https. Whether the shop has that address is `navLinkIssue` (schema/shop/navigation-update.ts) and the
 * server's stores; a script, another scheme or a protocol-relative `//host` never passes.
 */
const navHref = z
  .string({ error: 'Укажите адрес ссылки' })
  .trim()
  .min(1, 'Укажите адрес ссылки')
  .max(300, 'Адрес ссылки длиннее 300 символов')
  .regex(/^(\/(?!\/)|https:\/\/)[^\s<>"'`\\]*$/, 'Адрес ссылки: путь в магазине (/items/authors) или сайт по https://');

const navLink = z.strictObject({ label: label('Ссылка'), href: navHref });
export type NavLink = z.infer<typeof navLink>;

/** A point of the site's menu, and the points under it (one level: a submenu holds links, not submenus). */
const navMenuItem = navLink.extend({ children: z.array(navLink).max(20, 'Не больше 20 подпунктов').default([]) });

/** A column of the footer's links under its heading. */
const footerColumn = z.strictObject({ title: label('Колонка'), links: z.array(navLink).max(20, 'Не больше 20 ссылок в колонке') });

/**
 * The site's navigation (/admin/navigation, issue 22 item 2): the header's menu and the footer's columns of links, in
 * the admin's order. One document in the `pages` store every device and guest pulls (`navigationId`), so the header,
 * the footer and the server's HTML read the same, offline too. The category bar is the catalogue's arrangement
 * (schema/shop/catalog-setup.ts), one rule for it. What may not be saved together (a loop, a link twice, an address the
 * shop has not) is schema/shop/navigation-update.ts, out of the storefront's first view.
 */
export const navigation = z.strictObject({
  menu: z.array(navMenuItem).max(12, 'Не больше 12 пунктов меню'),
  footer: z.array(footerColumn).max(6, 'Не больше 6 колонок'),
});
export type Navigation = z.infer<typeof navigation>;

/** What the shop shows until an admin saves: no menu (the header had none) and the footer's «Покупателям» as the code held it. */
export const defaultNavigation: Navigation = {
  menu: [],
  footer: [
    {
      title: 'Покупателям',
      links: [
        { label: 'Доставка и оплата', href: '/info/delivery' },
        { label: 'Акции', href: '/offers' },
        { label: 'Открытки', href: '/postcards' },
        { label: 'Для компаний', href: '/for-companies' },
        { label: 'Блог мастерской', href: '/studio' },
        { label: 'Энциклопедия цветов', href: '/flowers-encyclopedia' },
        { label: 'Сервис и гарантии', href: '/service' },
        { label: 'Частые вопросы', href: '/info' },
        { label: 'Оферта', href: '/policy' },
      ],
    },
  ],
};

/** The one document of the `pages` database that carries the navigation (it is no page). */
export const navigationId = 'navigation';

/** Whether a link leaves the shop (opened in a new tab, never by the router). */
export const isExternal = (href: string): boolean => href.startsWith('https://');
