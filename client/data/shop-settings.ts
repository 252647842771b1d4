import { useCallback, useContext } from 'react';
import { map } from 'rxjs';
import type { Page } from '../../schema/shop/page';
import { defaultShopSettings, shopSettingsId, type ShopSettings } from '../../schema/studio/site/shop-settings';
import type { LocalData } from './database';
import { useDeviceReading } from './device-or-snapshot';
import { SnapshotContext } from './snapshot-context';

/**
 * The shop's public settings (schema/studio/site/shop-settings.ts: delivery price, slots, limits) as this device knows them: its
 * copy of the pages store (live, so a price an admin saves reaches an open checkout; offline, the last pulled), else
 * what the server drew the page with, else the defaults until the first pull. The server prices by its own copy and
 * refuses a draft made with another delivery price (DECISIONS «The delivery price the customer saw»).
 */
export const useShopSettings = (): ShopSettings => {
  const device = useDeviceReading(
    useCallback((data: LocalData) => data.shop.pages.findOne(shopSettingsId).$.pipe(map((d) => (d ? (d.toJSON() as Page).settings : undefined))), []),
  );
  const drawn = useContext(SnapshotContext)?.settings;
  return device ?? drawn ?? defaultShopSettings;
};
