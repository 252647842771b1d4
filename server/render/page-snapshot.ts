import { addressOf } from '../../schema/shop/address';
import { flowerOf } from '../../schema/studio/stock/flower';
import type { Page } from '../../schema/shop/page';
import { pageProducts } from '../../schema/shop/page-products';
import type { Product } from '../../schema/shop/product';
import { firstPagesOf, listParams } from '../../schema/shop/shelf';
import { matchesQuery } from '../../schema/shop/product-filter';
import { catalogueFilter, productFilterParams } from '../../schema/shop/product-filter-params';
import type { ListRequest } from '../../schema/shared/api';
import type { ShopSnapshot } from '../../schema/shop/shop-snapshot';
import { tagOfPage } from '../../schema/shop/tag';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { getSynced } from '../db/synced';
import { readStudioProfile } from '../studio/studio-profile';
import { barCategories, type CatalogSetup } from '../../schema/shop/catalog-setup';
import { bestsellersOf, shelfOf, type HomeCopy } from '../../schema/shop/home-copy';
import { readCatalogSetup } from '../storefront/catalog-setup';
import { readHomeCopy } from '../storefront/home-copy';
import { readNavigation } from '../storefront/navigation';
import { readShopSettings } from '../studio/shop-settings';
import { routerQuery } from './router-query';

const onSale = (p: Product) => p.isActive && !p.isHidden;

/** The home page's shelves (client/shop/catalog/home-page.tsx): the bestsellers, each chosen tag's and each bar category's four. */
const homeShelves = (all: Product[], copy: HomeCopy, setup: CatalogSetup): Product[] => {
  const shown = new Set(bestsellersOf(copy, all));
  for (const s of copy.shelves) for (const p of shelfOf(s, all)) shown.add(p);
  if (copy.categoryShelves) for (const c of barCategories(setup)) for (const p of all.filter((p) => p.category === c.id).slice(0, 4)) shown.add(p);
  return [...shown];
};

/**
 * What a public page shows, for the server to draw it and the tab to hydrate it: the products on sale and the pages
 * of that address (schema/shop/shop-snapshot.ts), or `null` for an address drawn in the tab alone (search, sign-in,
 * checkout, account, back-office), with the studio's profile every page's header and footer show and the shop's public settings. A category
 * and the catalogue (/items, by the filter in its address) carry what their first view shows (the shelf's open pages in
 * the order the address asks, `firstPagesOf`) and how many it has in all; the rest comes from the device's store. The
 * other pages carry what they show.
 */
export const pageSnapshot = (shop: Shop, catalog: CatalogIndex) => {
  const pageOf = (slug: string): Promise<Page | null> => getSynced<Page>(shop.storage.db('pages'), slug);
  const drawn = async (path: string, search: URLSearchParams, setup: CatalogSetup): Promise<Omit<ShopSnapshot, 'path'> | null> => {
    const address = addressOf(path);
    if (!address) return null;
    const view = await catalog.view();
    const all = view.all().filter(onSale);
    const query = routerQuery(search);
    /** A shelf's first view (its open pages in the order the address asks) and how many it holds in all. */
    const shelfOf = (filter: ListRequest['query']): Omit<ShopSnapshot, 'path'> => {
      const shelf = all.filter(matchesQuery(filter));
      return { products: firstPagesOf(shelf, listParams.parse(query)), shelfTotal: shelf.length, pages: [], absentPages: [] };
    };
    /** A page's snapshot: the products the address shows and those its blocks' grids show, so a bot reads the grids too. */
    const withPage = async (slug: string, products: Product[], read?: Page | null): Promise<Omit<ShopSnapshot, 'path'>> => {
      const page = read === undefined ? await pageOf(slug) : read;
      const shown = page ? [...new Set([...products, ...pageProducts(page.value, all)])] : products;
      return { products: shown, pages: page ? [page] : [], absentPages: page ? [] : [slug] };
    };
    switch (address.kind) {
      case 'screen': {
        const screen = path.length > 1 ? path.replace(/\/+$/, '') : path;
        // The catalogue is a shelf as a category is: every product on sale its filter lets through.
        if (screen === '/items') return shelfOf(catalogueFilter(productFilterParams.parse(query)));
        if (screen !== '/') return null;
        const { copy } = await readHomeCopy(shop);
        return { products: homeShelves(all, copy, setup), pages: [], absentPages: [], homeCopy: copy };
      }
      case 'admin':
        return null;
      case 'category':
        return shelfOf({ category: address.id });
      case 'item':
      case 'product': {
        const product = address.kind === 'item' ? all.find((p) => p.id === address.id) : all.find((p) => p.art === address.art);
        if (!product) return null;
        const related = all.filter((p) => p.category === product.category && p.id !== product.id).slice(0, 4);
        return { products: [product, ...related], pages: [], absentPages: [] };
      }
      case 'tag':
        return { products: all.filter((p) => p.tags.includes(address.tag)), pages: [], absentPages: [] };
      case 'flower': {
        const flower = flowerOf(address.slug);
        const page = await pageOf(`flowers/${address.slug}`);
        const name = page?.value.title ?? flower?.name;
        const query = flower?.query ?? name;
        const found = query ? (await catalog.view(query)).find(query).filter(onSale) : [];
        return withPage(`flowers/${address.slug}`, found, page);
      }
      case 'page': {
        const tag = tagOfPage(address.slug);
        return withPage(address.slug, tag ? all.filter((p) => p.tags.includes(tag)) : []);
      }
    }
  };
  return async (path: string, search = new URLSearchParams()): Promise<ShopSnapshot | null> => {
    const [{ setup }, { profile }, { settings }, { navigation }] = await Promise.all([readCatalogSetup(shop), readStudioProfile(shop), readShopSettings(shop.storage), readNavigation(shop)]);
    const snapshot = await drawn(path, search, setup);
    return snapshot && { path, ...snapshot, studio: profile, catalogSetup: setup, settings, navigation };
  };
};
export type PageSnapshotOf = ReturnType<typeof pageSnapshot>;
