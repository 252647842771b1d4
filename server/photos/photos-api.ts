import { Router } from 'express';
import { z } from 'zod';
import type { Shop } from '../context';
import { notFound } from '../http/errors';
import { parse } from '../http/parse';
import { route } from '../http/route';
import { photoStore } from './photos';

const photoId = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/**
 * GET /api/photos/:id: a bouquet's photo. Its id is the command's, made at random on the device, so the address is
 * unguessable and the photo never changes under it: cached for a year, by the browser and any proxy.
 */
export const photosApi = (shop: Shop): Router => {
  const api = Router();
  const photos = photoStore(shop.storage);
  route(api, 'GET /api/photos/:id', async (req, res) => {
    const { id } = parse(photoId, req.params);
    const photo = await photos.get(id);
    if (!photo) throw notFound('Фото не найдено');
    res.set({ 'content-type': photo.type, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
    res.end(photo.bytes);
  });
  return api;
};
