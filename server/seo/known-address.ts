import { addressOf } from '../../schema/shop/address';
import { flowerOf } from '../../schema/studio/stock/flower';
import type { Page } from '../../schema/shop/page';
import type { Product } from '../../schema/shop/product';
import { tagLabelIn } from '../../schema/shop/catalog-setup';
import { readCatalogSetup } from '../storefront/catalog-setup';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { getSynced } from '../db/synced';

const onSale = (p: Product) => p.isActive && !p.isHidden;

/**
 * Whether a path is a page the storefront shows (the answer is 200) or not (404), decided as the client decides it:
 * the address's shape by `addressOf`, then whether the catalogue or the pages store holds what it names.
 * Every /admin address is the back-office's to judge after sign-in; the server answers it 200.
 */
export const knownAddress = (shop: Shop, catalog: CatalogIndex) => {
  const hasPage = async (slug: string) => !!(await getSynced<Page>(shop.storage.db('pages'), slug));
  return async (path: string): Promise<boolean> => {
    const address = addressOf(path);
    switch (address?.kind) {
      case undefined:
        return false;
      case 'screen':
      case 'admin':
      case 'category':
        return true;
      case 'item':
        return !!(await catalog.view()).product(address.id);
      case 'product':
        return (await catalog.all()).some((p) => onSale(p) && p.art === address.art);
      case 'tag':
        return tagLabelIn((await readCatalogSetup(shop)).setup, address.tag) !== undefined || (await catalog.all()).some((p) => onSale(p) && p.tags.includes(address.tag));
      case 'flower':
        return !!flowerOf(address.slug) || (await hasPage(`flowers/${address.slug}`));
      case 'page':
        return hasPage(address.slug);
    }
  };
};
export type KnownAddress = ReturnType<typeof knownAddress>;
