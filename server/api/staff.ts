import { Router } from 'express';
import { today } from '../../schema/shared/day';
import { isStaff, type StaffMember } from '../../schema/shared/user';
import type { Shop } from '../context';
import { route } from '../http/route';
import { staffService } from '../staff/staff-service';
import { workdays } from '../staff/workdays';

/**
 * The studio's staff by name, for staff devices (issue 18, item 9): screens name a phone in an order's history, a
 * florist, a task's assignee or a conflict notice by the name the user record holds now. The device keeps the answer
 * in its DataSources cache, so it names people offline too. Only staff are listed: customers stay in /admin/clients.
 * /admin/staff (issue 20, item 3): admins add, change and remove staff, and read the log of those changes; managers
 * and admins mark work days. The rules are server/staff/staff-service.ts's.
 */
export const staffApi = (shop: Shop): Router => {
  const api = Router();
  const staff = staffService(shop);
  const days = workdays(shop);
  route(api, 'POST /api/staff/list', async () => {
    const items: StaffMember[] = (await shop.users.list()).filter(isStaff).map(({ phone, name }) => ({ phone, name }));
    return { data: { items } };
  });
  route(api, 'POST /api/staff/people', async () => {
    return { data: { items: await staff.people() } };
  });
  route(api, 'POST /api/staff/update', async ({ body, res }) => ({ data: await staff.save(res.locals.user!, body) }));
  route(api, 'POST /api/staff/remove', async ({ body, res }) => {
    const removed = await staff.remove(res.locals.user!, body.phone);
    await days.dropFrom(removed.phone, today());
    return { data: removed };
  });
  route(api, 'POST /api/staff/changes', async ({ body }) => {
    const { skip, limit } = body;
    return { data: await staff.changes(skip, limit) };
  });
  route(api, 'POST /api/staff/workday', async ({ body, res }) => ({ data: await days.mark(res.locals.user!, body) }));
  return api;
};
