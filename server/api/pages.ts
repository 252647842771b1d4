import { Router } from 'express';
import { noPayload, slugRequest } from '../../schema/api';
import { isCarrierPage, page, pageUpdate, type Page } from '../../schema/page';
import type { Shop } from '../context';
import { allSynced, getSynced, putSynced } from '../db/synced';
import { notFound } from '../http/errors';
import { parse } from '../http/parse';
import { route } from '../http/route';

/** Info and CMS pages. Only admins write them (spec §6); everyone reads them, online or replicated. */
export const pagesApi = (shop: Shop): Router => {
  const api = Router();
  const pages = shop.storage.db('pages');

  route(api, 'POST /api/pages/get', async (req) => {
    const slug = parse(slugRequest, req.body).slug.replace(/^\/+|\/+$/g, '');
    const found = isCarrierPage(slug) ? null : await getSynced<Page>(pages, slug);
    if (!found) throw notFound('Страница не найдена');
    return { data: found };
  });

  route(api, 'POST /api/pages/list', async (req) => {
    parse(noPayload, req.body);
    return { data: (await allSynced<Page>(pages)).filter((p) => !isCarrierPage(p.id)) };
  });

  route(api, 'POST /api/pages/update', async (req) => {
    const input = parse(pageUpdate, req.body);
    const id = 'id' in input && input.id ? input.id : input.key;
    const saved = page.parse({ ...input, id, key: id, updatedAt: Date.now() });
    await putSynced(pages, saved);
    return { data: saved };
  });

  return api;
};
