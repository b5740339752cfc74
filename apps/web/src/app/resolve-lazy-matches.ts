import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy route modules the given path needs before a router is created, so the first
 * render shows the page itself rather than a fallback. The prerendered landing page depends on
 * this: hydration must produce the same markup the build rendered.
 */
export async function resolveLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const routeModule = await route.lazy();
      Object.assign(route, routeModule);
      delete route.lazy;
    }),
  );
}
