import { levelOf, reaches, type Level, type User } from '../../../schema/shared/user';

/**
 * Spec §6: the route middleware by name, each a level of the one access rule (schema/shared/user.ts levels, which
 * schema/shared/access.ts `can` and `canOpen` read too). `florist` is anyone on the staff: the whole /admin tree needs it.
 */
const guards = {
  admin: 'admin',
  manager: 'manager',
  florist: 'florist',
} as const satisfies Record<string, Level>;

/** Whether the user may open a route behind this middleware. An unknown middleware is a programming error (spec §8). */
export const passes = (guard: string, user: User | null): boolean => {
  if (guard === 'guest') return !user;
  if (!(guard in guards)) throw new Error(`Unknown route middleware: ${guard}`);
  return reaches(levelOf(user), guards[guard as keyof typeof guards]);
};
