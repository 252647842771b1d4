import { Router } from 'express';
import { type FavouritesAnswer } from '../../schema/shop/favourite';
import type { User } from '../../schema/shared/user';
import type { Shop } from '../context';
import { favouritesOf } from '../favourites/favourites';
import { route } from '../http/route';

/** The signed-in customer's favourites (issue 12, item 7): read and changed only as the session's phone. */
export const favouritesApi = (shop: Shop): Router => {
  const api = Router();
  const favourites = favouritesOf(shop.storage);
  const knownProducts = async (ids: string[]): Promise<Set<string>> => {
    if (!ids.length) return new Set();
    const rows = (await shop.storage.db('catalog').allDocs({ keys: ids })).rows;
    return new Set(rows.flatMap((r) => ('error' in r || r.value.deleted ? [] : [r.key])));
  };

  route(api, 'POST /api/favourites/list', async ({ res }): Promise<FavouritesAnswer> => {
    return { data: await favourites.list((res.locals.user as User).phone) };
  });

  route(api, 'POST /api/favourites/change', async ({ body, res }): Promise<FavouritesAnswer> => {
    const { marks } = body;
    return { data: await favourites.apply((res.locals.user as User).phone, marks, knownProducts) };
  });
  return api;
};
