import { z } from 'zod';
import { day } from '../../shared/day';
import { phone } from '../../shared/phone';
import { isAdmin, staffRoles, user, type Role, type User } from '../../shared/user';

/** How screens and the change log name each role. */
export const roleLabels: Record<Role, string> = { admin: 'Администратор', manager: 'Менеджер', florist: 'Флорист' };

const roleList = z
  .array(z.enum(staffRoles, { error: 'Нет такой роли: бывают администратор (admin), менеджер (manager) и флорист (florist)' }))
  .min(1, 'Выберите хотя бы одну роль')
  .max(staffRoles.length)
  .transform((rs) => staffRoles.filter((r) => rs.includes(r)));

/** Body of POST /api/staff/update: a person added by phone, or a staff member's name and roles changed (issue 20, item 3). */
export const staffSaveRequest = z.strictObject({
  phone,
  name: z.string({ error: 'Укажите имя' }).trim().min(1, 'Укажите имя').max(100, 'Имя длиннее 100 символов'),
  roles: roleList,
  /** true: a new person; a phone that is already staff is refused rather than changed by mistake. */
  add: z.boolean().default(false),
});
export type StaffSaveRequest = z.infer<typeof staffSaveRequest>;

/** Body of POST /api/staff/remove. */
export const staffRemoveRequest = z.strictObject({ phone });

/** One staff member as an admin sees them on /admin/staff. */
export const staffPerson = z.strictObject({
  phone: user.shape.phone,
  name: user.shape.name,
  roles: user.shape.roles,
  /** When they last signed in (ms), absent if never since sign-ins are recorded. */
  signedInAt: z.number().int().min(0).optional(),
});
export type StaffPerson = z.infer<typeof staffPerson>;

const staffState = z.strictObject({ name: user.shape.name, roles: user.shape.roles });
export type StaffState = z.infer<typeof staffState>;

/**
 * One change of the staff, as the log keeps it (an audit fact: written once, never changed): number `n` in the log,
 * when, who made it (phone and name at the time), whose record, and the name and roles before and after. A person
 * added has no roles before; one removed has none after.
 */
export const staffChange = z.strictObject({
  n: z.number().int().min(1),
  at: z.number().int().min(0),
  by: user.shape.phone,
  byName: user.shape.name,
  phone: user.shape.phone,
  action: z.enum(['add', 'change', 'remove']),
  before: staffState,
  after: staffState,
});
export type StaffChange = z.infer<typeof staffChange>;

export const staffChangeLabels: Record<StaffChange['action'], string> = { add: 'добавил(а)', change: 'изменил(а)', remove: 'удалил(а)' };

/** Body of POST /api/staff/changes: the log, newest first. */
export const staffChangesRequest = z.strictObject({
  skip: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(200).default(20),
});

/** A user's name and roles as the log records them (an `isAdmin` flag counts as the admin role). */
export const staffStateOf = (u: User | null): StaffState => ({
  name: u?.name ?? '',
  roles: u ? staffRoles.filter((r) => u.roles.includes(r) || (r === 'admin' && u.isAdmin)) : [],
});

/**
 * The rule of the last admin: a change that would leave the studio without an admin is refused. `people` are the
 * users as they are now; the change gives `phone` the roles `after`. Answers the Russian reason, or null.
 */
export const lastAdminIssue = (people: User[], phone: string, after: Role[]): string | null => {
  const admins = people.filter((u) => (u.phone === phone ? after.includes('admin') : isAdmin(u)));
  return admins.length ? null : 'Это последний администратор студии: сначала назначьте администратором другого сотрудника';
};

/** Body of POST /api/staff/workday: whether a staff member works on a day (a «Рабочий день» event in the calendar). */
export const workdayRequest = z.strictObject({ phone, day, works: z.boolean() });
export type WorkdayRequest = z.infer<typeof workdayRequest>;

/** The calendar event of one person's work day: one per person and day, so marking it twice writes it once. */
export const workdayEventId = (d: string, p: string) => `workday-${d}-${p}`;
