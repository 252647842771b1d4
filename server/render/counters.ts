import type { Response } from 'express';
import { countersMeta, countersOf, defaultShopSettings, type CounterIds, type ShopSettings } from '../../schema/studio/site/shop-settings';
import type { Storage } from '../db/storage';
import { contentSecurityPolicy } from '../http/security-headers';
import { readShopSettings } from '../studio/shop-settings';
import { log } from '../ops/log';

/**
 * The counters of one storefront page, by the settings as stored now: read on every page, so an id an admin saves
 * reaches every app server sharing the store at its next page, with no build and no restart. A store that cannot be
 * read now gives a page with no counter rather than no page.
 */
export const pageCounters = async (storage: Storage, path: string): Promise<CounterIds> => {
  let settings: ShopSettings = defaultShopSettings;
  try {
    settings = (await readShopSettings(storage)).settings;
  } catch (e) {
    log.error({ err: e }, 'shop-settings: not read, the page goes without counters');
  }
  return countersOf(settings, path);
};

/** The page's CSP allows exactly its counters' hosts and the origins `connect` names (server/http/security-headers.ts). */
export const allowCounters = (res: Response, ids: CounterIds, connect: readonly string[] = []) =>
  void res.setHeader('content-security-policy', contentSecurityPolicy({ metrika: ids.metrika !== '', tmr: ids.tmr !== '' }, connect));

/** Names the page's counter ids for its script (digits only: `counterId` in schema/studio/site/shop-settings.ts); none, no tag. */
export const withCounters = (html: string, ids: CounterIds): string =>
  ids.metrika || ids.tmr ? html.replace('</head>', () => `  <meta name="${countersMeta}" data-metrika="${ids.metrika}" data-tmr="${ids.tmr}" />\n  </head>`) : html;
