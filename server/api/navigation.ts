import { Router } from 'express';
import { type NavigationAnswer } from '../../schema/shop/navigation-update';
import type { Shop } from '../context';
import type { CatalogIndex } from '../db/catalog-index';
import { route } from '../http/route';
import { knownAddress } from '../seo/known-address';
import { readNavigation, saveNavigation } from '../storefront/navigation';

/**
 * The site's navigation (issue 22, item 2): admins read and change it at /admin/navigation; shoppers' devices read it
 * with the pages store, bots in the server's HTML.
 */
export const navigationApi = (shop: Shop, catalog: CatalogIndex): Router => {
  const api = Router();
  const known = knownAddress(shop, catalog);

  route(api, 'POST /api/navigation/get', async (): Promise<NavigationAnswer> => {
    return { data: await readNavigation(shop) };
  });

  route(api, 'POST /api/navigation/update', async ({ body }): Promise<NavigationAnswer> => {
    const { navigation, updatedAt } = body;
    return { data: await saveNavigation(shop, known, navigation, updatedAt) };
  });

  return api;
};
