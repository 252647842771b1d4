import { Router } from 'express';
import { type StudioProfileAnswer } from '../../schema/studio/team/studio-profile';
import type { Shop } from '../context';
import { route } from '../http/route';
import { readStudioProfile, saveStudioProfile } from '../studio/studio-profile';

/** The studio's profile (issue 20, item 4): everyone reads it, admins change it (/admin/profile). */
export const profileApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/profile/get', async (): Promise<StudioProfileAnswer> => {
    return { data: await readStudioProfile(shop) };
  });

  route(api, 'POST /api/profile/update', async ({ body }): Promise<StudioProfileAnswer> => {
    const { profile, updatedAt } = body;
    return { data: await saveStudioProfile(shop, profile, updatedAt) };
  });

  return api;
};
