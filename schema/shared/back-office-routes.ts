import { adminRoutes, type AdminRoute } from './admin-routes';
import { entities, type AnyEntity } from '../entities';
import type { EntityDefinition } from './entity';
import { levelOf, reaches, type Level, type User } from './user';

/** The route a registry entity's records are shown on: a command on what it acts on (the order), else its `screen` or /admin/{path}. */
export const screenOf = (entity: Pick<EntityDefinition, 'write' | 'screen' | 'path'>): string =>
  entity.write === 'command' ? '/admin/orders' : (entity.screen ?? `/admin/${entity.path}`);

/** The whole /admin tree needs staff: an entity read by fewer than florists still opens to florists at least. */
const staffNeed = (level: Level): AdminRoute['need'] => (level === 'manager' || level === 'admin' ? level : 'florist');

/** The route an entity beyond the spec's table gets from its declaration: its name, its menu area, opened by its readers. */
const routeOf = (entity: AnyEntity): AdminRoute => ({ label: entity.labels.many, area: entity.area ?? null, need: staffNeed(entity.access.read) });

/**
 * Routes of the registry's entities the spec's table (schema/shared/admin-routes.ts) does not name: a plain entity is one
 * file in schema/entities/ and one registry line, and its list, record pages, menu entry and guard come from here.
 */
export const entityRoutes: Readonly<Record<string, AdminRoute>> = Object.fromEntries(
  Object.values(entities)
    .filter((e) => e.write !== 'command' && !e.screen && !Object.hasOwn(adminRoutes, screenOf(e)))
    .map((e) => [screenOf(e), routeOf(e)]),
);

/**
 * Every back-office route: the spec's, then the entities' beyond it. The menu, the client's guards and whatever
 * opens a screen by its address read this; the spec's own table stays checked against the spec on its own.
 */
export const backOfficeRoutes: Readonly<Record<string, AdminRoute>> = { ...entityRoutes, ...adminRoutes };
export const backOfficePaths: readonly string[] = [...Object.keys(adminRoutes), ...Object.keys(entityRoutes)];

export const isBackOfficePath = (path: string): boolean => Object.hasOwn(backOfficeRoutes, path);

/** Whether the user may open a back-office route, the spec's or an entity's: `canOpen` (schema/shared/access.ts) for both. */
export const canOpenScreen = (user: User | null | undefined, path: string): boolean => {
  const route = Object.hasOwn(backOfficeRoutes, path) ? backOfficeRoutes[path] : undefined;
  return !!route && reaches(levelOf(user), route.need);
};
