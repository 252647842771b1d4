import { Router } from 'express';
import { z } from 'zod';
import { today } from '../../schema/day';
import { staffChangesRequest, staffRemoveRequest, staffSaveRequest, workdayRequest } from '../../schema/staff';
import { isStaff, type StaffMember } from '../../schema/user';
import type { Shop } from '../context';
import { parse } from '../http/parse';
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
  route(api, 'POST /api/staff/list', async (req) => {
    parse(z.strictObject({}), req.body ?? {});
    const items: StaffMember[] = (await shop.users.list()).filter(isStaff).map(({ phone, name }) => ({ phone, name }));
    return { data: { items } };
  });
  route(api, 'POST /api/staff/people', async (req) => {
    parse(z.strictObject({}), req.body ?? {});
    return { data: { items: await staff.people() } };
  });
  route(api, 'POST /api/staff/update', async (req, res) => ({ data: await staff.save(res.locals.user!, parse(staffSaveRequest, req.body)) }));
  route(api, 'POST /api/staff/remove', async (req, res) => {
    const removed = await staff.remove(res.locals.user!, parse(staffRemoveRequest, req.body).phone);
    await days.dropFrom(removed.phone, today());
    return { data: removed };
  });
  route(api, 'POST /api/staff/changes', async (req) => {
    const { skip, limit } = parse(staffChangesRequest, req.body ?? {});
    return { data: await staff.changes(skip, limit) };
  });
  route(api, 'POST /api/staff/workday', async (req, res) => ({ data: await days.mark(res.locals.user!, parse(workdayRequest, req.body)) }));
  return api;
};
