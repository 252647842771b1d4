import { Router } from 'express';
import { recordRoute } from '../../schema/api-routes';
import { entities } from '../../schema/entities';
import type { Shop } from '../context';
import { route } from '../http/route';
import { stockMovingTypes } from '../../schema/record-moves';
import { recordService, type EntityHooks } from './record-service';
import { tierStore } from './tier-store';
import { moveQuantityCheck } from './move-quantities';
import { clientPhonesCheck } from '../clients/card-of-phone';
import { clientTotals } from '../clients/client-totals';
import { stampAlert } from '../clients/stamp-alert';
import { recipeCheck } from '../tech-cards/recipe-check';
import { refCodesCheck } from '../refs/ref-codes';
import { creditPhonesCheck } from '../money/credit-phones';
import { contractor } from '../../schema/entities/contractor';
import { assemblyGuardCheck } from '../orders/assembly-guard';
import { slip } from '../../schema/entities/slip';

/**
 * The spec's record calls (§7: POST /api/{entity}/list with params, query, body → data; get, update, delete) for
 * every entity of the registry. An entity added to the registry is served here without a line of its own.
 */
export const recordApi = (shop: Shop): Router => {
  const api = Router();
  const store = tierStore(shop.storage);
  // Every stock-moving record is checked against its flowers' units before it is stored.
  const quantities: Record<string, EntityHooks> = Object.fromEntries(stockMovingTypes.map((t) => [t, { check: moveQuantityCheck(store) }]));
  const hooks: Record<string, EntityHooks> = {
    ...quantities,
    // A phone on one card only: a sign-in or an order from it finds that card (server/clients/card-of-phone.ts).
    client: { derive: clientTotals(shop.storage), saved: (r) => stampAlert(shop.storage, String(r.data.phone)), check: clientPhonesCheck(shop.storage) },
    techCard: { check: recipeCheck(shop.storage) },
    // No phone on two contractors on credit (schema/credit-phones.ts).
    [contractor.type]: { check: creditPhonesCheck(store) },
  };
  /** Puts `check` before the entity's own checks: the first issue found is the answer. */
  const checkFirst = (type: string, check: NonNullable<EntityHooks['check']>) => {
    const own = hooks[type]?.check;
    hooks[type] = { ...hooks[type], check: async (r) => (await check(r)) ?? (await own?.(r)) };
  };
  // A write-off act staff write never stands in for an order's assembly, which only the server writes.
  checkFirst(slip.type, assemblyGuardCheck);
  // A field that stores a code of a reference list (a client's source, a flower's unit) takes only a registered, active one.
  for (const entity of Object.values(entities)) {
    const codes = refCodesCheck(shop.storage, store, entity);
    if (codes) checkFirst(entity.type, codes);
  }
  const records = recordService(store, Date.now, hooks);
  for (const entity of Object.values(entities)) {
    route(api, recordRoute(entity, 'list'), (req, res) => records.list(res.locals.user, entity, req.body));
    route(api, recordRoute(entity, 'get'), (req, res) => records.get(res.locals.user, entity, req.body));
    route(api, recordRoute(entity, 'update'), (req, res) => records.save(res.locals.user, entity, req.body));
    route(api, recordRoute(entity, 'delete'), (req, res) => records.remove(res.locals.user, entity, req.body));
  }
  return api;
};
