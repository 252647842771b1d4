import crypto from 'node:crypto';
import { Router } from 'express';
import { artRequest, idListRequest, idRequest, listRequest, noPayload, searchItemRequest } from '../../schema/api';
import { categories } from '../../schema/category';
import { product, productInput, type Product } from '../../schema/product';
import { levelOf, reaches, type User } from '../../schema/user';
import type { Shop } from '../context';
import { getDoc, removeDoc, upsert } from '../db/docs';
import { getSynced, toSynced } from '../db/synced';
import type { CatalogIndex } from '../db/catalog-index';
import { HttpError, notFound } from '../http/errors';
import { pageOf } from '../http/paging';
import { parse } from '../http/parse';
import { route } from '../http/route';
import { matchesQuery } from '../../schema/product-filter';
import { stockOf } from '../stock/stock';

/** Customers see what is on sale; staff also see hidden and inactive items. */
const visibleTo = (user: User | null) => (p: Product) => reaches(levelOf(user), 'florist') || (p.isActive && !p.isHidden);

export const itemsApi = (shop: Shop, index: CatalogIndex): Router => {
  const api = Router();
  const catalog = shop.storage.db('catalog');
  const all = () => index.all();
  const stock = stockOf(shop.storage);
  stock.onChange(index.invalidate);
  const one = async (id: string, user: User | null) => {
    const item = await getSynced<Product>(catalog, id);
    if (!item || !visibleTo(user)(item)) throw notFound('Товар не найден');
    return item;
  };

  route(api, 'POST /api/items/list', async (req, res) => {
    const { params, query } = parse(listRequest, req.body);
    const { name, ...rest } = query;
    // A name is searched (stems, typos, article codes), best match first; without one the list keeps its rank order.
    const candidates = name?.trim() ? (await index.search()).find(name) : await all();
    return pageOf(candidates.filter(visibleTo(res.locals.user)).filter(matchesQuery(rest)), params);
  });

  route(api, 'POST /api/items/get', async (req, res) => ({ data: await one(parse(idRequest, req.body).id, res.locals.user) }));

  route(api, 'POST /api/items/get-art', async (req, res) => {
    const { art } = parse(artRequest, req.body);
    const item = (await all()).filter(visibleTo(res.locals.user)).find((p) => p.art === art);
    if (!item) throw notFound('Товар с таким артикулом не найден');
    return { data: item };
  });

  route(api, 'POST /api/items/get-list', async (req, res) => {
    const wanted = new Set(parse(idListRequest, req.body).idList);
    return { data: (await all()).filter((p) => wanted.has(p.id)).filter(visibleTo(res.locals.user)) };
  });

  route(api, 'POST /api/items/catalog', async (req, res) => {
    parse(noPayload, req.body);
    const items = (await all()).filter(visibleTo(res.locals.user));
    return { data: { categories: categories.map((c) => ({ ...c, count: items.filter((p) => p.category === c.id).length })) } };
  });

  // The back-office's reference search: staff also find hidden and inactive items, by name or article code.
  route(api, 'POST /api/refs/search-item', async (req) => {
    const { query, limit } = parse(searchItemRequest, req.body);
    return { data: { items: (await index.search()).find(query).slice(0, limit) } };
  });

  route(api, 'POST /api/items/update', async (req) => {
    const { updatedAt: seen, ...input } = parse(productInput, req.body);
    const id = input.id ?? `p-${crypto.randomUUID().slice(0, 8)}`;
    const taken = (await all()).find((p) => p.art === input.art && p.id !== id);
    if (taken) throw new HttpError(409, `Артикул ${input.art} уже занят товаром «${taken.name}»`);
    const saved = product.parse({ ...input, id, updatedAt: Date.now() });
    let stale = false;
    await upsert<Omit<Product, 'id'>>(catalog, id, (current) => {
      stale = seen !== undefined && current !== null && current.updatedAt !== seen;
      // The count is the stock ledger's projection: it moves only through the correction below.
      return stale ? null : toSynced({ ...saved, count: current ? current.count : saved.count });
    });
    if (stale) throw new HttpError(409, 'Товар успели изменить (например, продали букет): откройте его заново и повторите правку');
    // Staff counted the shelf: a correction in the ledger, so orders placed meanwhile are not undone.
    await stock.setCount(id, saved.count, `fix-${crypto.randomUUID()}`);
    index.invalidate();
    return { data: (await getSynced<Product>(catalog, id)) ?? saved };
  });

  route(api, 'POST /api/items/delete', async (req) => {
    const { id } = parse(idRequest, req.body);
    if (!(await getDoc(catalog, id))) throw notFound('Товар не найден');
    await removeDoc(catalog, id);
    index.invalidate();
    return { ok: true };
  });

  return api;
};
