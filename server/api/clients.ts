import { Router } from 'express';
import { listRequest, pageOf } from '../../schema/api';
import type { Shop } from '../context';
import { parse } from '../http/parse';
import { route } from '../http/route';

/** Admins' list of everyone who has signed in (spec: /admin/clients). */
export const clientsApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/clients/list', async (req) => {
    const { params, query } = parse(listRequest, req.body);
    const needle = query.name?.replace(/\D/g, '') ?? '';
    const clients = (await shop.users.list()).filter((u) => !needle || u.phone.includes(needle));
    return pageOf(clients, params);
  });
  return api;
};
