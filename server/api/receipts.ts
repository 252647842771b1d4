import { Router } from 'express';
import { counterRegisterOf, viewOfChoice, viewOfReceipt } from '../../schema/studio/receipts/receipt';
import type { Shop } from '../context';
import { releaseDevicePrint } from '../receipts/counter-prints';
import { route } from '../http/route';
import { refundsOfOrder, viewOfRefund } from '../payments/refunds';
import {
  chosenProviderName, listReceipts, unregisteredOf, readProviderChoice, readReceiptSettings, receiptsOfOrder, requeueLeftForRegister, resendReceipt, saveProviderChoice, saveReceiptSettings,
} from '../receipts/receipts';

/** The newest receipts /admin/documents lists. */
const listed = 200;

/**
 * Fiscal receipts (issue 30): admins set VAT, the tax system and the register the receipts go to (an ATOL password is
 * written here and never answered); staff read states, of one order or the newest of all.
 */
export const receiptsApi = (shop: Shop): Router => {
  const api = Router();
  const answer = async (settings: Awaited<ReturnType<typeof readReceiptSettings>>) => {
    const choice = await readProviderChoice(shop.storage);
    return { data: { settings, provider: chosenProviderName(shop.config, choice), choice: viewOfChoice(choice) } };
  };

  route(api, 'POST /api/settings/receipts-get', async () => answer(await readReceiptSettings(shop.storage)));

  route(api, 'POST /api/settings/receipts-update', async ({ body }) => {
    if (body.choice) await saveProviderChoice(shop.storage, shop.config, body.choice);
    const saved = await saveReceiptSettings(shop.storage, body.settings);
    // A register chosen now takes the receipts that failed for want of one (nothing of them was sent anywhere).
    if (body.choice) await requeueLeftForRegister(shop.storage, shop.config);
    return answer(saved);
  });

  route(api, 'POST /api/receipts/resend', async ({ body }) => ({ data: viewOfReceipt(await resendReceipt(shop.storage, body.id)) }));

  route(api, 'POST /api/receipts/counter-register', async () => ({
    data: counterRegisterOf(await readProviderChoice(shop.storage), await readReceiptSettings(shop.storage)),
  }));

  // A device that marked a payment's command printed here and never queued the print (its tab closed): the server sends that receipt.
  route(api, 'POST /api/receipts/device-release', async ({ body }) => ({ data: { released: await releaseDevicePrint(shop.storage, body.order, body.command) } }));

  route(api, 'POST /api/receipts/list', async ({ body }) => {
    const rs = body.order ? await receiptsOfOrder(shop.storage, body.order) : await listReceipts(shop.storage, listed);
    const refunds = body.order ? (await refundsOfOrder(shop.storage, body.order)).map(viewOfRefund) : undefined;
    return { data: { items: rs.map(viewOfReceipt), unregistered: await unregisteredOf(shop.storage), ...(refunds ? { refunds } : {}) } };
  });

  return api;
};
