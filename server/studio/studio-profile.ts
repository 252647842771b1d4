import { page, studioProfileId, type Page } from '../../schema/shop/page';
import { defaultStudioProfile, type StudioProfile } from '../../schema/studio/team/studio-profile';
import type { Shop } from '../context';
import { upsert } from '../db/docs';
import { getSynced, toSynced } from '../db/synced';
import { HttpError } from '../http/errors';

interface SavedProfile {
  profile: StudioProfile;
  /** When it was saved; 0 while the shop still shows the defaults. */
  updatedAt: number;
}

/** Title of the carrier page: what an old device listing pages would show, never an address (schema/shop/address.ts). */
const carrierTitle = 'Профиль мастерской';

/**
 * The studio's profile, read from the store on every call: several app servers share one store, and an admin's save
 * on one shows on every other's next page at once (nothing kept in a process's memory).
 */
export const readStudioProfile = async (shop: Shop): Promise<SavedProfile> => {
  const stored = await getSynced<Page>(shop.storage.db('pages'), studioProfileId);
  return stored?.studio ? { profile: stored.studio, updatedAt: stored.updatedAt } : { profile: defaultStudioProfile, updatedAt: 0 };
};

/**
 * Saves the profile an admin edited from the version saved at `readAt` (0: none yet). Another admin's save since
 * then is not overwritten: 409 with a Russian reason, and the screen reads the profile again.
 */
export const saveStudioProfile = async (shop: Shop, profile: StudioProfile, readAt: number): Promise<SavedProfile> => {
  const updatedAt = Date.now();
  const saved = await upsert<Omit<Page, 'id'>>(shop.storage.db('pages'), studioProfileId, (current) => {
    if ((current?.studio ? current.updatedAt : 0) !== readAt) throw new HttpError(409, 'Профиль мастерской изменили, пока вы его правили: обновите страницу и внесите изменения снова');
    const next = page.parse({ id: studioProfileId, key: studioProfileId, value: { title: carrierTitle }, studio: profile, updatedAt: Math.max(updatedAt, readAt + 1) });
    return toSynced(next);
  });
  return { profile, updatedAt: saved?.updatedAt ?? updatedAt };
};
