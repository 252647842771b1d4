import { describe, expect, it } from 'vitest';
import { defaultNavigation, navigation, type Navigation } from './navigation';
import { checkedNavigation, navigationProblems, navLinkIssue } from './navigation-update';

const withMenu = (menu: Navigation['menu']): Navigation => ({ ...defaultNavigation, menu });

describe('the site navigation’s rules', () => {
  it('takes the defaults as they are: what the footer held, no menu', () => {
    expect(checkedNavigation.parse(defaultNavigation)).toEqual(defaultNavigation);
    expect(navigationProblems(defaultNavigation)).toEqual([]);
  });

  it('calls a subpoint leading where its point does a loop, however the address is written', () => {
    for (const href of ['/items', '/items/', '/items?sort=cheap', '/items#top'])
      expect(navigationProblems(withMenu([{ label: 'Каталог', href: '/items', children: [{ label: 'Всё', href }] }])), href).toEqual([
        { path: ['menu', 0, 'children', 0, 'href'], message: 'Петля: подпункт «Всё» ведёт туда же, куда пункт «Каталог», в котором он лежит' },
      ]);
    expect(navigationProblems(withMenu([{ label: 'Каталог', href: '/items', children: [{ label: 'Монобукеты', href: '/items/monobouquets' }] }]))).toEqual([]);
  });

  it('refuses an address twice in one list, not in two', () => {
    const twice = navigationProblems(withMenu([{ label: 'А', href: '/info', children: [] }, { label: 'Б', href: '/info/', children: [] }]));
    expect(twice).toEqual([{ path: ['menu', 1, 'href'], message: '«Б»: ссылка на /info/ уже есть в этом списке' }]);
    const apart: Navigation = { menu: [{ label: 'Вопросы', href: '/info', children: [] }], footer: [{ title: 'Покупателям', links: [{ label: 'Вопросы', href: '/info' }] }] };
    expect(navigationProblems(apart)).toEqual([]);
  });

  it('lets a link lead to the shop’s addresses or another site by https, and nowhere else', () => {
    for (const href of ['/', '/items', '/items/authors', '/tags/mom', '/info/delivery', '/flowers/rose', '/search?q=розы', 'https://t.me/flowers', 'https://yandex.ru'])
      expect(navigation.shape.menu.element.shape.href.safeParse(href).success && navLinkIssue(href), href).toBeUndefined();
    expect(navLinkIssue('/admin/orders')).toMatch(/раздел сотрудников/);
    expect(navLinkIssue('/Акции')).toMatch(/такого адреса в магазине нет/);
    expect(navLinkIssue('https://localhost')).toMatch(/не адрес сайта/);
    for (const href of ['javascript:alert(1)', 'http://example.com', '//example.com', 'mailto:a@b.ru', 'tel:+79000000000', 'items', '/a b'])
      expect(navigation.shape.menu.element.shape.href.safeParse(href).success, href).toBe(false);
  });
});
