import { useContext } from 'react';
import { map } from 'rxjs';
import { arranged, defaultCatalogSetup, type CatalogSetup } from '../../schema/shop/catalog-setup';
import { defaultHomeCopy, type HomeCopy } from '../../schema/shop/home-copy';
import { catalogSetupId, homeCopyId, type Page } from '../../schema/shop/page';
import { defaultNavigation, navigationId, type Navigation } from '../../schema/shop/navigation';
import type { LocalData } from './database';
import { useDeviceReading } from './device-or-snapshot';
import { SnapshotContext } from './snapshot-context';

const pageField = <F extends 'catalogSetup' | 'homeCopy' | 'navigation'>(id: string, field: F) => (data: LocalData) =>
  data.shop.pages.findOne(id).$.pipe(map((d) => (d ? (d.toJSON() as Page)[field] : undefined)));

const readSetup = pageField(catalogSetupId, 'catalogSetup');
const readHome = pageField(homeCopyId, 'homeCopy');
const readNavigation = pageField(navigationId, 'navigation');

/**
 * The categories and tags as staff arranged them (/admin/catalog), as this device knows them: its copy of the pages
 * store (live, offline too), else what the server drew the page with (the same as its HTML, so hydration matches),
 * else the defaults until the first pull.
 */
export const useCatalogSetup = (): CatalogSetup => {
  const device = useDeviceReading(readSetup);
  const drawn = useContext(SnapshotContext)?.catalogSetup;
  return device ? arranged(device) : (drawn ?? defaultCatalogSetup);
};

/** What the home page shows (/admin/index-copy): the device's copy, else the server's drawing of the page, else the defaults. */
export const useHomeCopy = (): HomeCopy => {
  const device = useDeviceReading(readHome);
  const drawn = useContext(SnapshotContext)?.homeCopy;
  return device ?? drawn ?? defaultHomeCopy;
};

/** The site's menu and the footer's links (/admin/navigation): the device's copy, else the server's drawing of the page, else the defaults. */
export const useNavigation = (): Navigation => {
  const device = useDeviceReading(readNavigation);
  const drawn = useContext(SnapshotContext)?.navigation;
  return device ?? drawn ?? defaultNavigation;
};
