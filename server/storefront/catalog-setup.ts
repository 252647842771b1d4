import { catalogSetupId } from '../../schema/shop/page';
import { arranged, defaultCatalogSetup, type CatalogSetup } from '../../schema/shop/catalog-setup';
import type { Shop } from '../context';
import { pageSetting } from './setting';

const setting = pageSetting({
  id: catalogSetupId,
  field: 'catalogSetup',
  title: 'Каталог',
  defaults: defaultCatalogSetup,
  stale: 'Каталог изменили, пока вы его правили: обновите страницу и внесите изменения снова',
});

/** The catalogue's arrangement as saved (every category in it), or the defaults: the bar, titles, sitemap and tags read it. */
export const readCatalogSetup = async (shop: Shop): Promise<{ setup: CatalogSetup; updatedAt: number }> => {
  const { value, updatedAt } = await setting.read(shop);
  return { setup: arranged(value), updatedAt };
};

export const saveCatalogSetup = async (shop: Shop, setup: CatalogSetup, readAt: number) => {
  const { value, updatedAt } = await setting.save(shop, setup, readAt);
  return { setup: arranged(value), updatedAt };
};
