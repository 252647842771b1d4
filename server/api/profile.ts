import { Router } from 'express';
import { noPayload } from '../../schema/api';
import { studioProfileUpdate, type StudioProfileAnswer } from '../../schema/studio-profile';
import type { Shop } from '../context';
import { parse } from '../http/parse';
import { route } from '../http/route';
import { readStudioProfile, saveStudioProfile } from '../studio/studio-profile';

/** The studio's profile (issue 20, item 4): everyone reads it, admins change it (/admin/profile). */
export const profileApi = (shop: Shop): Router => {
  const api = Router();

  route(api, 'POST /api/profile/get', async (req): Promise<StudioProfileAnswer> => {
    parse(noPayload, req.body);
    return { data: await readStudioProfile(shop) };
  });

  route(api, 'POST /api/profile/update', async (req): Promise<StudioProfileAnswer> => {
    const { profile, updatedAt } = parse(studioProfileUpdate, req.body);
    return { data: await saveStudioProfile(shop, profile, updatedAt) };
  });

  return api;
};
