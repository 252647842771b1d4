import { Router, type Response } from 'express';
import { pageOf } from '../../schema/shared/api';
import { categories } from '../../schema/shop/category';
import { type Product } from '../../schema/shop/product';
import { levelOf, reaches, type User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { getSynced } from '../db/synced';
import type { Audience, CatalogIndex } from '../db/catalog-index';
import type { ItemService } from '../catalog/item-service';
import { notFound } from '../http/errors';
import { route } from '../http/route';
import { stockOf } from '../stock/stock';

/** Customers see what is on sale; staff also see hidden and inactive items. */
const audienceOf = (user: User | null): Audience => (reaches(levelOf(user), 'florist') ? 'staff' : 'customer');
const visibleTo = (user: User | null) => (p: Product) => audienceOf(user) === 'staff' || (p.isActive && !p.isHidden);

/** Sends an answer serialized once per state of the catalogue. */
const sendJson = (res: Response, body: string) => void res.type('json').send(body);

export const itemsApi = (shop: Shop, index: CatalogIndex, items: ItemService): Router => {
  const api = Router();
  const catalog = shop.storage.db('catalog');
  const all = () => index.all();
  stockOf(shop.storage).onChange(index.invalidate);
  const one = async (id: string, user: User | null) => {
    const item = await getSynced<Product>(catalog, id);
    if (!item || !visibleTo(user)(item)) throw notFound('Товар не найден');
    return item;
  };

  route(api, 'POST /api/items/list', async ({ body, res }) => {
    const { params, query } = body;
    const { name, ...filter } = query;
    const audience = audienceOf(res.locals.user);
    const view = await index.view(name);
    // A name is searched (stems, typos, article codes), best match first; without one the list keeps its rank order.
    sendJson(res, view.answer(JSON.stringify(['list', audience, query, params]), () => {
      const ids = view.matching(audience, filter, name);
      const page = pageOf(ids, params);
      return { data: { ...page.data, items: page.data.items.map((id) => view.product(id)) } };
    }));
  });

  route(api, 'POST /api/items/get', async ({ body, res }) => ({ data: await one(body.id, res.locals.user) }));

  route(api, 'POST /api/items/get-art', async ({ body, res }) => {
    const { art } = body;
    const item = (await all()).filter(visibleTo(res.locals.user)).find((p) => p.art === art);
    if (!item) throw notFound('Товар с таким артикулом не найден');
    return { data: item };
  });

  route(api, 'POST /api/items/get-list', async ({ body, res }) => {
    const wanted = body.idList;
    const view = await index.view();
    const found = new Set(wanted.flatMap((id) => view.product(id) ?? []));
    return { data: view.all().filter((p) => found.has(p)).filter(visibleTo(res.locals.user)) };
  });

  route(api, 'POST /api/items/catalog', async ({ res }) => {
    const audience = audienceOf(res.locals.user);
    const view = await index.view();
    sendJson(res, view.answer(JSON.stringify(['catalog', audience]), () => {
      const items = view.matching(audience, {}).map((id) => view.product(id));
      return { data: { categories: categories.map((c) => ({ ...c, count: items.filter((p) => p?.category === c.id).length })) } };
    }));
  });

  // The back-office's reference search: staff also find hidden and inactive items, by name or article code.
  route(api, 'POST /api/refs/search-item', async ({ body }) => {
    const { query, limit } = body;
    return { data: { items: (await index.view(query)).find(query).slice(0, limit) } };
  });

  route(api, 'POST /api/items/update', async ({ body }) => ({ data: await items.save(body) }));

  route(api, 'POST /api/items/delete', async ({ body }) => {
    await items.remove(body.id);
    return { ok: true };
  });

  return api;
};
