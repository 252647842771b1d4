import { Router } from 'express';
import { noPayload } from '../../schema/api';
import { favouritesChange, type FavouritesAnswer } from '../../schema/favourite';
import type { User } from '../../schema/user';
import type { Shop } from '../context';
import { favouritesOf } from '../favourites/favourites';
import { parse } from '../http/parse';
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

  route(api, 'POST /api/favourites/list', async (req, res): Promise<FavouritesAnswer> => {
    parse(noPayload, req.body);
    return { data: await favourites.list((res.locals.user as User).phone) };
  });

  route(api, 'POST /api/favourites/change', async (req, res): Promise<FavouritesAnswer> => {
    const { marks } = parse(favouritesChange, req.body);
    return { data: await favourites.apply((res.locals.user as User).phone, marks, knownProducts) };
  });
  return api;
};
