import { RequireAuth } from '../../lib/session/auth-guards.tsx';
import { DashboardShell } from '../layouts/dashboard-shell.tsx';

/** `/dashboard/*`: while the app asks who is signed in, the shell the page painted stays. */
export function DashboardRoute() {
  return <RequireAuth pending={<DashboardShell />} />;
}

export { DashboardRoute as Component };
