import { type ReactNode, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { type Navigation, NavigationContext } from './navigation.tsx';

/**
 * The root route's element: the components of the public pages read the address and move
 * through `navigation.tsx`, which in the app is React Router (ADR 77). With `children` (a
 * test's component under a memory router) it provides the same around them.
 */
export function RouterNavigation({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<Navigation>(
    () => ({ pathname, navigate: (to, options) => void navigate(to, options) }),
    [pathname, navigate],
  );
  return (
    <NavigationContext.Provider value={navigation}>
      {children ?? <Outlet />}
    </NavigationContext.Provider>
  );
}
