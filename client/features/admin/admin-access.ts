import { adminAreas, adminPaths, adminRoutes, type AdminArea, type AdminPath } from '../../../schema/admin-routes';
import { can, canOpen } from '../../../schema/access';
import { entities, entityByPath, type AnyEntity } from '../../../schema/entities';
import type { User } from '../../../schema/user';

const patterns = adminPaths.map((path) => ({ path, re: new RegExp(`^${path.replace(/\$[a-zA-Z]+/g, '[^/]+')}/?$`) }));

/** Which spec route an address is: '/admin/orders/12' → '/admin/orders/$id'; undefined for an address the spec has not. */
export const adminRouteOf = (pathname: string): AdminPath | undefined =>
  patterns.find((p) => p.re.test(pathname.replace(/\/+$/, '') || '/'))?.path;

const listPath = (entity: AnyEntity): AdminPath | undefined => (adminPaths as string[]).includes(`/admin/${entity.path}`) ? (`/admin/${entity.path}` as AdminPath) : undefined;

/** The registry's entities that have a spec screen: each gets the generic list and form at /admin/{path}. */
const screenEntities = Object.values(entities).filter((e) => listPath(e));

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
const builtScreens: AdminPath[] = ['/admin', '/admin/orders', '/admin/calendar', '/admin/events/list', '/admin/profile', '/admin/staff', '/admin/usb', '/admin/posiflora', '/admin/posiflora/schemas', '/admin/catalog', '/admin/index-copy', '/admin/navigation', '/admin/debts', '/admin/settings', '/admin/analytics', '/admin/documents', '/admin/pages', '/admin/pages-editor', '/admin/pages-editor3', ...pathScreenRoutes, ...screenEntities.map((e) => listPath(e)!)];

/** What a route guard decides about the signed-in user and one admin screen (and, for a record screen, an action). */
type Verdict = 'open' | 'sign-in' | 'denied';

export const verdict = (user: User | null, path: AdminPath, entity?: { entity: AnyEntity; action: 'read' | 'create' }): Verdict => {
  if (!user) return 'sign-in';
  if (!canOpen(user, path)) return 'denied';
  if (entity && !can(user, entity.action, entity.entity)) return 'denied';
  return 'open';
};

interface MenuArea {
  id: AdminArea;
  label: string;
  links: { path: AdminPath; label: string }[];
}

/** The staff menu: areas in the spec's order, each with the built screens this user may open; empty areas left out. */
export const menuFor = (user: User | null): MenuArea[] =>
  adminAreas
    .map((a) => ({
      id: a.id,
      label: a.label,
      links: adminPaths.filter((p) => builtScreens.includes(p) && adminRoutes[p].area === a.id && canOpen(user, p)).map((path) => ({ path, label: adminRoutes[path].label })),
    }))
    .filter((a) => a.links.length > 0);
