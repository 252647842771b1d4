import { isAdmin, isManager, isStaff, type User } from '../../../schema/user';

/** Spec §6: the route middleware. `florist` is anyone on the staff: the whole /admin tree needs it. */
const guards = {
  admin: (u: User | null) => isAdmin(u),
  manager: (u: User | null) => isManager(u) || isAdmin(u),
  florist: (u: User | null) => isStaff(u),
  guest: (u: User | null) => !u,
} as const;
type RouteGuard = keyof typeof guards;

/** Whether the user may open a route behind this middleware. An unknown middleware is a programming error (spec §8). */
export const passes = (guard: string, user: User | null): boolean => {
  if (!(guard in guards)) throw new Error(`Unknown route middleware: ${guard}`);
  return guards[guard as RouteGuard](user);
};
