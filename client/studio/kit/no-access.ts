/**
 * What an admin route's guard (`beforeLoad`) hands the router when the signed-in user may not open the screen,
 * inside TanStack Router's not-found signal (`notFound({ data })`): that one renders the route's own
 * `notFoundComponent` in place, while a thrown error goes through React's error boundary and is logged as a crash.
 * The component shows «Недостаточно прав», never «Page not found». A file of its own: the error screens are part of
 * the first view's routes, the access checks (and the entity registry they read) are not.
 */
export interface NoAccess {
  denied: string;
}
export const noAccessOf = (data: unknown): NoAccess | null =>
  !!data && typeof data === 'object' && 'denied' in data && typeof data.denied === 'string' ? { denied: data.denied } : null;
