import { adminAreas, type AdminArea, type AdminPath } from '../../../schema/shared/admin-routes';
import { can } from '../../../schema/shared/access';
import { backOfficePaths, backOfficeRoutes, canOpenScreen, isBackOfficePath } from '../../../schema/shared/back-office-routes';
import { entities, entityByPath, type AnyEntity } from '../../../schema/entities';
import type { User } from '../../../schema/shared/user';

const patterns = backOfficePaths.map((path) => ({ path, re: new RegExp(`^${path.replace(/\$[a-zA-Z]+/g, '[^/]+')}/?$`) }));

/**
 * Which back-office route an address is: '/admin/orders/12' → '/admin/orders/$id'; undefined for an address neither
 * the spec nor an entity has (schema/shared/back-office-routes.ts).
 */
export const adminRouteOf = (pathname: string): string | undefined => patterns.find((p) => p.re.test(pathname.replace(/\/+$/, '') || '/'))?.path;

const listPath = (entity: AnyEntity): string | undefined => (isBackOfficePath(`/admin/${entity.path}`) ? `/admin/${entity.path}` : undefined);

/** The registry's entities with a route of their own (the spec's or their declaration's): each gets the generic list and form at /admin/{path}. */
export const screenEntities = Object.values(entities).filter((e) => listPath(e));

export const entityOfScreen = (resource: string): AnyEntity | undefined => {
  const entity = entityByPath(resource);
  return entity && listPath(entity) ? entity : undefined;
};

/** Spec routes whose screens show no registry entity, with their records at /admin/{path}/{id} (screens.tsx `pathScreens`). */
export const pathScreenRoutes: AdminPath[] = ['/admin/items'];

/**
 * The admin screens that exist as screens: the dashboard and one per registry entity with a spec route.
 * The menu and the dashboard's tiles link only these; a later issue's custom screen adds its path here.
 */
export const builtScreens: string[] = ['/admin', '/admin/orders', '/admin/calendar', '/admin/events/list', '/admin/profile', '/admin/staff', '/admin/usb', '/admin/posiflora', '/admin/posiflora/schemas', '/admin/catalog', '/admin/index-copy', '/admin/navigation', '/admin/debts', '/admin/settings', '/admin/analytics', '/admin/documents', '/admin/pages', '/admin/pages-editor', '/admin/pages-editor3', ...pathScreenRoutes, ...screenEntities.flatMap((e) => listPath(e) ?? [])];

/** What a route guard decides about the signed-in user and one admin screen (and, for a record screen, an action). */
export type Verdict = 'open' | 'sign-in' | 'denied';

export const verdict = (user: User | null, path: string, entity?: { entity: AnyEntity; action: 'read' | 'create' }): Verdict => {
  if (!user) return 'sign-in';
  if (!canOpenScreen(user, path)) return 'denied';
  if (entity && !can(user, entity.action, entity.entity)) return 'denied';
  return 'open';
};

export interface MenuArea {
  id: AdminArea;
  label: string;
  links: { path: string; label: string }[];
}

/** The staff menu: areas in the spec's order, each with the built screens this user may open; empty areas left out. */
export const menuFor = (user: User | null): MenuArea[] =>
  adminAreas
    .map((a) => ({
      id: a.id,
      label: a.label,
      links: backOfficePaths
        .filter((p) => builtScreens.includes(p) && backOfficeRoutes[p].area === a.id && canOpenScreen(user, p))
        .map((path) => ({ path, label: backOfficeRoutes[path].label })),
    }))
    .filter((a) => a.links.length > 0);
