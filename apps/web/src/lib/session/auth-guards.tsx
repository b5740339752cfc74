import { paths } from '@tickerwise/shared';
import { type ReactNode, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from './auth-provider.tsx';

/**
 * `/dashboard/*`: signed-out visitors (or whose session just ended) go to `/login`. `pending`
 * is shown while the session is checked (a spinner unless given).
 */
export function RequireAuth({ pending }: { pending?: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return pending ?? <CenteredSpinner />;
  if (auth.status === 'signed-out') return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/**
 * `/signup` and `/login`: a user who arrives signed in goes to `/dashboard`. A user who signs
 * in on the page itself is sent on by the form (sign-up may continue to checkout instead).
 */
export function RedirectIfSignedIn() {
  const auth = useAuth();
  const [arrivedSignedOut, setArrivedSignedOut] = useState(false);
  if (auth.status === 'signed-out' && !arrivedSignedOut) setArrivedSignedOut(true);
  if (auth.status === 'loading') return <CenteredSpinner />;
  if (auth.status === 'signed-in' && !arrivedSignedOut) {
    return <Navigate to={paths.dashboard} replace />;
  }
  return <Outlet />;
}
