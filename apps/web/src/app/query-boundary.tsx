import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../lib/query-client.ts';

/**
 * Server state for the screens that talk to the API (plans, checkout, sign-in, dashboard).
 * It is a lazy route, so TanStack Query stays out of the entry chunk the public pages load.
 */
export function QueryBoundary() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export { QueryBoundary as Component };
