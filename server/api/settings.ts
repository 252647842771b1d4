import { Router } from 'express';
import { type ShopSettingsAnswer, type SmsGatewayAnswer } from '../../schema/studio/site/shop-settings-update';
import { sendThroughGateway } from '../auth/sms';
import type { Shop } from '../context';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { readShopSettings, readSmsGateway, saveShopSettings, saveSmsGateway } from '../studio/shop-settings';

const testText = 'Проверка SMS-шлюза Цветочной мастерской: сообщения доходят.';

/**
 * The shop's settings (issue 21, item 5): everyone reads the public part (devices also pull it with the pages),
 * admins change it at /admin/settings; the SMS gateway is admins' alone and its token never leaves the server.
 */
export const settingsApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/settings/get', async (): Promise<ShopSettingsAnswer> => {
    return { data: await readShopSettings(shop.storage) };
  });

  route(api, 'POST /api/settings/update', async ({ body }): Promise<ShopSettingsAnswer> => {
    const { settings, updatedAt } = body;
    return { data: await saveShopSettings(shop.storage, settings, updatedAt) };
  });

  route(api, 'POST /api/settings/sms-get', async (): Promise<SmsGatewayAnswer> => {
    const gateway = await readSmsGateway(shop.storage);
    return { data: { url: gateway?.url ?? '', hasToken: !!gateway?.token } };
  });

  route(api, 'POST /api/settings/sms-update', async ({ body }): Promise<SmsGatewayAnswer> => {
    const { url, token } = body;
    const saved = await saveSmsGateway(shop.storage, url, token);
    return { data: { url: saved.url, hasToken: !!saved.token } };
  });

  /** Sends a test message through the gateway as saved; its refusal or silence is said in Russian, never a 500. */
  route(api, 'POST /api/settings/sms-test', async ({ body }) => {
    const { phone } = body;
    const gateway = await readSmsGateway(shop.storage);
    if (!gateway) throw new HttpError(400, 'Сначала сохраните адрес SMS-шлюза');
    try {
      await sendThroughGateway(gateway, phone, testText);
    } catch (e) {
      throw new HttpError(502, `SMS-шлюз не принял сообщение: ${e instanceof Error ? e.message : String(e)}`);
    }
    return { data: { sent: true as const } };
  });

  return api;
};
