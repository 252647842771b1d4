import { Router } from 'express';
import { recordRoute, voidRoute } from '../../schema/shared/api-routes';
import { voidableEntities } from '../../schema/shared/voids';
import { entities } from '../../schema/entities';
import type { Shop } from '../context';
import { route } from '../http/route';
import { recordService, type EntityHooks } from './record-service';
import { tierStore } from './tier-store';
import type { WritePipeline } from './write-pipeline';

/**
 * The spec's record calls (§7: POST /api/{entity}/list with params, query, body → data; get, update, delete) for
 * every entity of the registry. An entity added to the registry is served here without a line of its own; every
 * write runs the rules of the books (`books`, server/books.ts), the same as a device's push.
 */
export const recordApi = (shop: Shop, books: WritePipeline, hooks: Partial<Record<string, EntityHooks>> = {}): Router => {
  const api = Router();
  const records = recordService(tierStore(shop.storage), Date.now, hooks, books.judgeOne, books.storedOne);
  for (const entity of Object.values(entities)) {
    route(api, recordRoute(entity, 'list'), ({ body, res }) => records.list(res.locals.user, entity, body));
    route(api, recordRoute(entity, 'get'), ({ body, res }) => records.get(res.locals.user, entity, body));
    route(api, recordRoute(entity, 'update'), ({ body, res }) => records.save(res.locals.user, entity, body));
    route(api, recordRoute(entity, 'delete'), ({ body, res }) => records.remove(res.locals.user, entity, body));
  }
  for (const entity of voidableEntities) route(api, voidRoute(entity), ({ body, res }) => records.voidFact(res.locals.user, entity, body));
  return api;
};
