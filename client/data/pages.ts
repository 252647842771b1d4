import { useCallback } from 'react';
import { map } from 'rxjs';
import { isSettingPage, type Page } from '../../schema/shop/page';
import type { LocalData } from './database';
import { useDeviceHolds, useDeviceReading } from './device-or-snapshot';
import { useSnapshot } from './snapshot-context';

const pages = (data: LocalData) => data.shop.pages;

/**
 * A page of the pages store from the device's copy (works offline), or from the server's snapshot while that copy is
 * empty. `page` is `undefined` until read; `pulled` says whether an answer of `null` means «no such page» rather
 * than «not on the device yet».
 */
export const usePage = (slug: string): { page: Page | null | undefined; pulled: boolean | undefined } => {
  const device = useDeviceReading(useCallback((data: LocalData) => data.shop.pages.findOne(slug).$.pipe(map((d) => (d ? (d.toJSON() as Page) : null))), [slug]));
  const held = useDeviceHolds(pages);
  const snapshot = useSnapshot();
  const fromServer = snapshot?.pages.find((p) => p.id === slug) ?? (snapshot?.absentPages.includes(slug) ? null : undefined);
  // The studio's profile rides in the pages store but is no page (schema/shop/page.ts): no address shows it.
  if (isSettingPage(slug)) return { page: null, pulled: true };
  if (device) return { page: device, pulled: true };
  if (fromServer !== undefined && !held) return { page: fromServer, pulled: true };
  return { page: device, pulled: held };
};

/** Every page of the device's pages store (documents that ride there but are no page left out), live. */
export const usePages = (): Page[] =>
  useDeviceReading(useCallback((data: LocalData) => data.shop.pages.find().$.pipe(map((docs) => docs.map((d) => d.toJSON() as Page).filter((p) => !isSettingPage(p.id)))), [])) ?? [];
