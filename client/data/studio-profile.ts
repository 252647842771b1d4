import { useCallback, useContext } from 'react';
import { map } from 'rxjs';
import { studioProfileId, type Page } from '../../schema/shop/page';
import { defaultStudioProfile, type StudioProfile } from '../../schema/studio/team/studio-profile';
import type { LocalData } from './database';
import { useDeviceReading } from './device-or-snapshot';
import { SnapshotContext } from './snapshot-context';

/**
 * The studio's own details (schema/studio/team/studio-profile.ts) as this device knows them: its copy of the pages store (live,
 * and offline), else what the server drew the page with (the first view, before the store opens: the same as the
 * server's HTML, so hydration matches), else the defaults until the first pull.
 */
export const useStudioProfile = (): StudioProfile => {
  const device = useDeviceReading(
    useCallback((data: LocalData) => data.shop.pages.findOne(studioProfileId).$.pipe(map((d) => (d ? (d.toJSON() as Page).studio : undefined))), []),
  );
  const drawn = useContext(SnapshotContext)?.studio;
  return device ?? drawn ?? defaultStudioProfile;
};
