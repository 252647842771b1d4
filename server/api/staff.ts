import { Router } from 'express';
import { z } from 'zod';
import { isStaff, type StaffMember } from '../../schema/user';
import type { Shop } from '../context';
import { parse } from '../http/parse';
import { route } from '../http/route';

/**
 * The studio's staff by name, for staff devices (issue 18, item 9): screens name a phone in an order's history, a
 * florist, a task's assignee or a conflict notice by the name the user record holds now. The device keeps the answer
 * in its DataSources cache, so it names people offline too. Only staff are listed: customers stay in /admin/clients.
 */
export const staffApi = (shop: Shop): Router => {
  const api = Router();
  route(api, 'POST /api/staff/list', async (req) => {
    parse(z.strictObject({}), req.body ?? {});
    const items: StaffMember[] = (await shop.users.list()).filter(isStaff).map(({ phone, name }) => ({ phone, name }));
    return { data: { items } };
  });
  return api;
};
