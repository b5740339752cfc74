import { paths } from '@tickerwise/shared';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from './auth-provider.tsx';

/** Where a team invitation's link waits while its visitor signs in or signs up. */
const invitationKey = 'tickerwise.team-invitation';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * `/dashboard/*`: signed-out visitors (or whose session just ended) go to `/login`. `pending`
 * is shown while the session is checked (a spinner unless given). A team invitation's link
 * (`/dashboard/team?invite=`) is kept in the tab meanwhile, and the first dashboard page after
 * signing in or up opens it again (docs/PRODUCT.md §3.26).
 */
export function RequireAuth({ pending }: { pending?: ReactNode }) {
  // The store's answer arrives as an urgent update, which React renders in one piece. Signed
  // in, it opens the whole app (layout, page, every query starting): deferred, React renders
  // that in a transition, in slices with input answered between them, while `pending` stays.
  // A sign-out is followed at once.
  const current = useAuth();
  const deferred = useDeferredValue(current);
  const auth = current.status === 'signed-in' ? deferred : current;
  const location = useLocation();
  if (auth.status === 'loading') return pending ?? <CenteredSpinner />;
  const invite =
    location.pathname === paths.dashboardTeam
      ? new URLSearchParams(location.search).get('invite')
      : null;
  if (auth.status === 'signed-out') {
    if (invite) sessionStore()?.setItem(invitationKey, invite);
    return <Navigate to={paths.login} replace />;
  }
  const waiting = sessionStore()?.getItem(invitationKey);
  if (waiting) {
    sessionStore()?.removeItem(invitationKey);
    if (!invite) {
      return (
        <Navigate to={`${paths.dashboardTeam}?invite=${encodeURIComponent(waiting)}`} replace />
      );
    }
  }
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
