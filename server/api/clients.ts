import { Router } from 'express';
import type { Shop } from '../context';
import { route } from '../http/route';
import { clientCsv } from '../clients/client-csv';
import { mergeClients } from '../clients/client-merge';
import { clientHistoryOf } from '../clients/client-history';

/** The clients' CSV, in and out, merging two cards of one person, and the orders made for a card's dates in earlier years (the cards themselves are the record API's: /api/clients/list|get|update|delete). */
export const clientsApi = (shop: Shop): Router => {
  const api = Router();
  const csv = clientCsv(shop.storage);
  route(api, 'POST /api/clients/export', () => {
    return csv.exportCsv();
  });
  route(api, 'POST /api/clients/import', ({ body, res }) => csv.importCsv(res.locals.user!, body));
  route(api, 'POST /api/clients/merge', ({ body, res }) => mergeClients(shop.storage, res.locals.user!, body));
  route(api, 'POST /api/clients/history', ({ body }) => clientHistoryOf(shop.storage, body));
  return api;
};
