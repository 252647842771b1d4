import { z } from 'zod';
import { addressOf } from './address';
import { isExternal, navigation, type NavLink, type Navigation } from './navigation';

/*
 * The navigation as an admin saves it (/admin/navigation): apart from schema/shop/navigation.ts, which the storefront's
 * first view reads, so that the rules only the screen and the server need stay out of it.
 */

/** The address a link names, as two links are compared: without a trailing slash, a query or an anchor. */
const target = (href: string): string => {
  if (isExternal(href)) return href.replace(/\/+$/, '');
  const path = href.split(/[?#]/)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/**
 * Why a link leads nowhere by its shape alone: a path no screen of the shop answers, or the back-office (closed to
 * shoppers). Whether the catalogue or the pages store holds what a path names (a page, a product, a tag) is the
 * server's to say (server/seo/known-address.ts).
 */
export const navLinkIssue = (href: string): string | undefined => {
  if (isExternal(href)) return /^https:\/\/[^/?#:@]+\.[^/?#:@]+(:\d+)?([/?#]|$)/.test(href) ? undefined : `Ссылка ${href} — не адрес сайта`;
  const address = addressOf(target(href));
  if (!address) return `Ссылка ${href} никуда не ведёт: такого адреса в магазине нет`;
  if (address.kind === 'admin') return `Ссылка ${href} ведёт в раздел сотрудников: покупателю он закрыт`;
  return undefined;
};

interface Problem {
  path: (string | number)[];
  message: string;
}

/** Each link of a list that leads where an earlier one of the same list does (a shopper would meet it twice). */
const twice = (links: readonly NavLink[], at: (string | number)[]): Problem[] =>
  links.flatMap((l, i) =>
    links.findIndex((o) => target(o.href) === target(l.href)) < i ? [{ path: [...at, i, 'href'], message: `«${l.label}»: ссылка на ${l.href} уже есть в этом списке` }] : [],
  );

/**
 * What the navigation may not be, each a Russian reason on its field: a loop (a point of a submenu that leads where
 * the point holding it does: the menu would open itself), a link twice in one list, a link that leads nowhere by its
 * shape (`navLinkIssue`).
 */
export const navigationProblems = (nav: Navigation): Problem[] => {
  const problems: Problem[] = [];
  const check = (l: NavLink, at: (string | number)[]) => {
    const issue = navLinkIssue(l.href);
    if (issue) problems.push({ path: [...at, 'href'], message: `«${l.label}»: ${issue}` });
  };
  nav.menu.forEach((item, i) => {
    check(item, ['menu', i]);
    item.children.forEach((c, j) => {
      check(c, ['menu', i, 'children', j]);
      if (target(c.href) === target(item.href))
        problems.push({ path: ['menu', i, 'children', j, 'href'], message: `Петля: подпункт «${c.label}» ведёт туда же, куда пункт «${item.label}», в котором он лежит` });
    });
    problems.push(...twice(item.children, ['menu', i, 'children']));
  });
  problems.push(...twice(nav.menu, ['menu']));
  nav.footer.forEach((col, i) => {
    col.links.forEach((l, j) => check(l, ['footer', i, 'links', j]));
    problems.push(...twice(col.links, ['footer', i, 'links']));
  });
  return problems;
};

/** Every link of the navigation with where it sits (the server checks each path against its stores). */
export const navLinks = (nav: Navigation): { link: NavLink; path: (string | number)[] }[] => [
  ...nav.menu.flatMap((item, i) => [{ link: item, path: ['menu', i, 'href'] }, ...item.children.map((c, j) => ({ link: c, path: ['menu', i, 'children', j, 'href'] }))]),
  ...nav.footer.flatMap((col, i) => col.links.map((l, j) => ({ link: l, path: ['footer', i, 'links', j, 'href'] }))),
];

/** The navigation checked as a whole (the screen before sending, the server on saving). */
export const checkedNavigation = navigation.superRefine((nav, ctx) => {
  for (const p of navigationProblems(nav)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
});

/** /api/navigation/update: the navigation and the `updatedAt` it was read at (0: never saved). */
export const navigationUpdate = z.strictObject({ navigation: checkedNavigation, updatedAt: z.number().int().min(0) });

/** What /api/navigation/get and /update answer. */
export interface NavigationAnswer {
  data: { navigation: Navigation; updatedAt: number };
}
