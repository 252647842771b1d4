import { z } from 'zod';
import { maskedPhone } from './phone';

export const staffRoles = ['admin', 'manager', 'florist'] as const;
const role = z.enum(staffRoles);
export type Role = z.infer<typeof role>;

export const user = z.strictObject({
  phone: z.string().regex(/^7\d{10}$/),
  name: z.string().max(100).default(''),
  roles: z.array(role).default([]),
  isAdmin: z.boolean().default(false),
});
export type User = z.infer<typeof user>;

/** What a user may change about themselves via /api/user-update. Roles are never taken from the client. */
export const userUpdate = z.strictObject({ name: z.string().trim().max(100, 'Имя длиннее 100 символов') });

/** Spec §6: admin if roles hold admin or isAdmin is set. */
export const isAdmin = (u: User | null | undefined): boolean => !!u && (u.isAdmin || u.roles.includes('admin'));
const isManager = (u: User | null | undefined): boolean => !!u && u.roles.includes('manager');
const isFlorist = (u: User | null | undefined): boolean => !!u && u.roles.includes('florist');
/** Admin, manager or florist: sees the Admin link and 'Закрыть смену'. */
export const isStaff = (u: User | null | undefined): boolean => isAdmin(u) || isManager(u) || isFlorist(u);

/** Access levels, lowest first. A user's level is the highest their roles give. */
export const levels = ['guest', 'customer', 'florist', 'manager', 'admin'] as const;
export type Level = (typeof levels)[number];
export const levelOf = (u: User | null | undefined): Level =>
  !u ? 'guest' : isAdmin(u) ? 'admin' : isManager(u) ? 'manager' : isFlorist(u) ? 'florist' : 'customer';
export const reaches = (have: Level, need: Level): boolean => levels.indexOf(have) >= levels.indexOf(need);

/** One staff member as staff devices know them (`/api/staff/list`): how screens name a phone. */
export const staffMember = z.strictObject({ phone: user.shape.phone, name: user.shape.name });
export type StaffMember = z.infer<typeof staffMember>;

/**
 * How the studio's screens and the server's reasons name a person by phone (issue 18, item 9): the name their user
 * record holds now, else the masked phone (never the whole number); a name the server itself signs with (ЮKassa,
 * «сайт») as it is.
 */
export const staffName = (phone: string, names: ReadonlyMap<string, string>): string =>
  names.get(phone)?.trim() || (/^7\d{10}$/.test(phone) ? maskedPhone(phone) : phone);
