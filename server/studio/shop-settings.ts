import { page, type Page } from '../../schema/shop/page';
import { defaultShopSettings, shopSettings, shopSettingsId, type ShopSettings } from '../../schema/studio/site/shop-settings';
import { smsGateway, type SmsGateway } from '../../schema/studio/site/shop-settings-update';
import { tierDatabases } from '../../schema/shared/databases';
import type { Storage } from '../db/storage';
import { getDoc, upsert } from '../db/docs';
import { getSynced, toSynced } from '../db/synced';
import { HttpError } from '../http/errors';
import { log } from '../ops/log';

interface SavedSettings {
  settings: ShopSettings;
  /** When they were saved; 0 while the shop still runs on the defaults. */
  updatedAt: number;
}

/** Title of the carrier page: what an old device listing pages would show, never an address (schema/shop/address.ts). */
const carrierTitle = 'Настройки магазина';

/**
 * The shop's settings, read from the store on every call (the studio's profile does the same): several app servers
 * share one store, and an admin's save prices the next order on every one of them, with no restart and nothing kept
 * in a process's memory. A stored copy that does not parse (edited by hand) is named in the log and the defaults rule.
 */
export const readShopSettings = async (storage: Storage): Promise<SavedSettings> => {
  const stored = await getSynced<Page>(storage.db('pages'), shopSettingsId);
  if (!stored?.settings) return { settings: defaultShopSettings, updatedAt: 0 };
  const parsed = shopSettings.safeParse(stored.settings);
  if (parsed.success) return { settings: parsed.data, updatedAt: stored.updatedAt };
  log.error('shop-settings: stored settings do not parse, the defaults apply');
  return { settings: defaultShopSettings, updatedAt: 0 };
};

/**
 * Saves the settings an admin edited from the version saved at `readAt` (0: none yet); another admin's save since
 * then is not overwritten (409). The settings come checked by `shopSettingsUpdate` (schema/studio/site/shop-settings.ts).
 */
export const saveShopSettings = async (storage: Storage, settings: ShopSettings, readAt: number): Promise<SavedSettings> => {
  const updatedAt = Date.now();
  const saved = await upsert<Omit<Page, 'id'>>(storage.db('pages'), shopSettingsId, (current) => {
    if ((current?.settings ? current.updatedAt : 0) !== readAt) throw new HttpError(409, 'Настройки изменили, пока вы их правили: обновите страницу и внесите изменения снова');
    return toSynced(page.parse({ id: shopSettingsId, key: shopSettingsId, value: { title: carrierTitle }, settings, updatedAt: Math.max(updatedAt, readAt + 1) }));
  });
  return { settings, updatedAt: saved?.updatedAt ?? updatedAt };
};

/** The SMS gateway's document: in the server-only admin database (never replicated, never in /db). */
const smsGatewayId = 'settings-sms-gateway';

/** The SMS gateway an admin set, or null: then the server's configuration (SMS_GATEWAY_URL, or the demo's log) sends. */
export const readSmsGateway = async (storage: Storage): Promise<SmsGateway | null> => {
  const doc = await getDoc<object>(storage.db(tierDatabases.admin), smsGatewayId);
  const parsed = doc && smsGateway.safeParse({ url: (doc as { url?: unknown }).url, token: (doc as { token?: unknown }).token });
  return parsed?.success && parsed.data.url ? parsed.data : null;
};

/** Saves the gateway's address and, when given, a new token (absent: the stored one stays). */
export const saveSmsGateway = async (storage: Storage, url: string, token: string | undefined): Promise<SmsGateway> => {
  let next: SmsGateway = { url, token: token ?? '' };
  await upsert<SmsGateway>(storage.db(tierDatabases.admin), smsGatewayId, (current) => {
    next = { url, token: token ?? (typeof current?.token === 'string' ? current.token : '') };
    return next;
  });
  return next;
};
