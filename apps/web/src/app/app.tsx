import { type createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/session/auth-provider.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole app around a router: the browser router in `main.tsx`, a memory router when the
 * build prerenders the landing page. TanStack Query is provided by the lazy `query-boundary`
 * route, not here, to keep it out of the entry chunk of the public pages.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
