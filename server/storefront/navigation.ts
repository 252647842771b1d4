import { addressOf } from '../../schema/shop/address';
import { defaultNavigation, isExternal, type Navigation } from '../../schema/shop/navigation';
import { navLinks } from '../../schema/shop/navigation-update';
import { navigationId } from '../../schema/shop/navigation';
import type { Shop } from '../context';
import { HttpError } from '../http/errors';
import type { KnownAddress } from '../seo/known-address';
import { pageSetting } from './setting';

const setting = pageSetting({
  id: navigationId,
  field: 'navigation',
  title: 'Навигация',
  defaults: defaultNavigation,
  stale: 'Навигацию изменили, пока вы её правили: обновите страницу и внесите изменения снова',
});

/** The menu and the footer's links as saved, or the defaults: the header, the footer and the server's HTML read it. */
export const readNavigation = async (shop: Shop): Promise<{ navigation: Navigation; updatedAt: number }> => {
  const { value, updatedAt } = await setting.read(shop);
  return { navigation: value, updatedAt };
};

/**
 * Saves the navigation (already checked whole by `checkedNavigation`) when every path of it is one the storefront
 * answers with a page (`known`: a page, a product or a tag the stores hold), else 400 naming the first that leads nowhere.
 */
export const saveNavigation = async (shop: Shop, known: KnownAddress, navigation: Navigation, readAt: number) => {
  for (const { link, path } of navLinks(navigation)) {
    if (isExternal(link.href)) continue;
    const where = link.href.split(/[?#]/)[0]!;
    if (addressOf(where) && !(await known(where))) {
      const message = `«${link.label}»: ссылка ${link.href} никуда не ведёт — такой страницы в магазине нет`;
      throw new HttpError(400, message, [{ path: ['navigation', ...path].join('.'), message }]);
    }
  }
  const { value, updatedAt } = await setting.save(shop, navigation, readAt);
  return { navigation: value, updatedAt };
};
