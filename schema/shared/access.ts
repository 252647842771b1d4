import { adminRoutes, type AdminPath } from './admin-routes';
import type { Action, EntityDefinition } from './entity';
import { levelOf, reaches, type User } from './user';

/**
 * The one access rule. Server (/api routes, /db pushes, the live stream) and client (route guards, menu, buttons)
 * both ask it, so a permission is written once.
 * `record.createdBy` is the server-stamped author: it lets an author take the entity's `own` actions.
 */
export const can = (user: User | null | undefined, action: Action, entity: Pick<EntityDefinition, 'access'>, record?: { createdBy?: string }): boolean => {
  const need = entity.access[action];
  if (need !== null && reaches(levelOf(user), need)) return true;
  return !!user && !!record && record.createdBy === user.phone && reaches(levelOf(user), 'florist') && !!entity.access.own?.includes(action);
};

/** Whether the user may open an admin screen (spec §2's table). */
export const canOpen = (user: User | null | undefined, path: AdminPath): boolean => reaches(levelOf(user), adminRoutes[path].need);
