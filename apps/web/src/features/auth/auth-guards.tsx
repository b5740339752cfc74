import { paths } from '@tickerwise/shared';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/spinner.tsx';
import { useAuth } from './auth-provider.tsx';

/** `/dashboard/*`: signed-out visitors go to `/login`. */
export function RequireAuth() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageSpinner />;
  if (auth.status === 'signed-out') return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** `/signup` and `/login`: a signed-in user goes to `/dashboard`. */
export function RedirectIfSignedIn() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageSpinner />;
  if (auth.status === 'signed-in') return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
