import { Router } from 'express';
import { type CatalogSetupAnswer } from '../../schema/shop/catalog-setup';
import { type HomeCopyAnswer } from '../../schema/shop/home-copy';
import type { Shop } from '../context';
import { route } from '../http/route';
import { readCatalogSetup, saveCatalogSetup } from '../storefront/catalog-setup';
import { readHomeCopy, saveHomeCopy } from '../storefront/home-copy';

/** The storefront's arrangement (issue 19, item 9): everyone reads it, staff change it (/admin/catalog, /admin/index-copy). */
export const storefrontApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/catalog-setup/get', async (): Promise<CatalogSetupAnswer> => {
    return { data: await readCatalogSetup(shop) };
  });

  route(api, 'POST /api/catalog-setup/update', async ({ body }): Promise<CatalogSetupAnswer> => {
    const { setup, updatedAt } = body;
    return { data: await saveCatalogSetup(shop, setup, updatedAt) };
  });

  route(api, 'POST /api/home-copy/get', async (): Promise<HomeCopyAnswer> => {
    return { data: await readHomeCopy(shop) };
  });

  route(api, 'POST /api/home-copy/update', async ({ body }): Promise<HomeCopyAnswer> => {
    const { copy, updatedAt } = body;
    return { data: await saveHomeCopy(shop, copy, updatedAt) };
  });

  return api;
};
