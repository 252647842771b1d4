import { Router } from 'express';
import { noPayload } from '../../schema/api';
import { catalogSetupUpdate, type CatalogSetupAnswer } from '../../schema/catalog-setup';
import { homeCopyUpdate, type HomeCopyAnswer } from '../../schema/home-copy';
import type { Shop } from '../context';
import { parse } from '../http/parse';
import { route } from '../http/route';
import { readCatalogSetup, saveCatalogSetup } from '../storefront/catalog-setup';
import { readHomeCopy, saveHomeCopy } from '../storefront/home-copy';

/** The storefront's arrangement (issue 19, item 9): everyone reads it, staff change it (/admin/catalog, /admin/index-copy). */
export const storefrontApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/catalog-setup/get', async (req): Promise<CatalogSetupAnswer> => {
    parse(noPayload, req.body);
    return { data: await readCatalogSetup(shop) };
  });

  route(api, 'POST /api/catalog-setup/update', async (req): Promise<CatalogSetupAnswer> => {
    const { setup, updatedAt } = parse(catalogSetupUpdate, req.body);
    return { data: await saveCatalogSetup(shop, setup, updatedAt) };
  });

  route(api, 'POST /api/home-copy/get', async (req): Promise<HomeCopyAnswer> => {
    parse(noPayload, req.body);
    return { data: await readHomeCopy(shop) };
  });

  route(api, 'POST /api/home-copy/update', async (req): Promise<HomeCopyAnswer> => {
    const { copy, updatedAt } = parse(homeCopyUpdate, req.body);
    return { data: await saveHomeCopy(shop, copy, updatedAt) };
  });

  return api;
};
