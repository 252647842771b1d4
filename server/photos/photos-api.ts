import { Router } from 'express';
import { z } from 'zod';
import type { Shop } from '../context';
import { HttpError, notFound, unauthorized } from '../http/errors';
import { parse } from '../http/parse';
import { route, type Handler } from '../http/route';
import { itemUploads } from './item-upload';
import { photoStore } from './photos';

const photoId = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/**
 * GET /api/photos/:id: a bouquet's photo or a catalogue item's picture, GET /api/photos/:id/card its size for a list's
 * card. An order photo's id is the command's, made at random on the device; an item picture's is its bytes' hash. Either
 * way the address never changes content: cached for a year, by the browser and any proxy.
 * POST /api/items/upload-image: staff upload an item's picture, the file's bytes as the body (server/photos/item-upload.ts).
 */
export const photosApi = (shop: Shop): Router => {
  const api = Router();
  const photos = photoStore(shop.storage);
  const uploads = itemUploads(shop);
  const serve = (size: 'image' | 'card'): Handler<'GET /api/photos/:id'> => async ({ req, res }) => {
    const { id } = parse(photoId, req.params);
    const photo = await photos.get(id, size);
    if (!photo) throw notFound('Фото не найдено');
    res.set({ 'content-type': photo.type, 'cache-control': 'public, max-age=31536000, immutable', 'x-content-type-options': 'nosniff' });
    res.end(photo.bytes);
  };
  route(api, 'GET /api/photos/:id', serve('image'));
  route(api, 'GET /api/photos/:id/card', serve('card'));

  route(api, 'POST /api/items/upload-image', async ({ req, res }) => {
    if (!res.locals.user) throw unauthorized();
    if (!Buffer.isBuffer(req.body)) throw new HttpError(400, 'Пришлите фото файлом: JPEG, PNG или WebP');
    return { data: { url: await uploads.upload(res.locals.user, req.body) } };
  });
  return api;
};
