import { Router } from 'express';
import { viewOfReceipt } from '../../schema/studio/receipts/receipt';
import type { Shop } from '../context';
import { route } from '../http/route';
import { listReceipts, readReceiptSettings, receiptsOfOrder, saveReceiptSettings } from '../receipts/receipts';

/** The newest receipts /admin/documents lists. */
const listed = 200;

/**
 * Fiscal receipts (issue 30): admins set VAT and the tax system (credentials are the server's configuration, never
 * here); staff read states, of one order or the newest of all.
 */
export const receiptsApi = (shop: Shop): Router => {
  const api = Router();
  const provider = shop.config.receipts?.provider ?? '';

  route(api, 'POST /api/settings/receipts-get', async () => ({ data: { settings: await readReceiptSettings(shop.storage), provider } }));

  route(api, 'POST /api/settings/receipts-update', async ({ body }) => ({ data: { settings: await saveReceiptSettings(shop.storage, body.settings), provider } }));

  route(api, 'POST /api/receipts/list', async ({ body }) => {
    const rs = body.order ? await receiptsOfOrder(shop.storage, body.order) : await listReceipts(shop.storage, listed);
    return { data: { items: rs.map(viewOfReceipt) } };
  });

  return api;
};
