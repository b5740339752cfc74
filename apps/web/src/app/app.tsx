import { type createBrowserRouter, RouterProvider } from 'react-router';
import { AuthProvider } from '../lib/session/auth-provider.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole app around a router (the browser router of `main.tsx`). The prerendered pages are
 * built and hydrated without it (`public-app.tsx`, ADR 77). TanStack Query is provided by the
 * lazy `query-boundary` route, not here.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
