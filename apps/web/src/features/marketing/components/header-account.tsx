import { paths } from '@tickerwise/shared';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Link } from '../../../lib/navigation.tsx';
import { usePublicAuth } from '../../../lib/session/auth-provider.tsx';

const linkStyles = buttonStyles({ variant: 'dark', size: 'sm' });

/**
 * The header's way in: Login for a visitor, Dashboard and the account's name for a signed-in
 * one. Before the app knows (the prerendered landing page, or a visitor nobody has asked the
 * server about), both links are in the page and CSS shows the one the stored profile points to.
 */
export function HeaderAccount() {
  const auth = usePublicAuth();
  const known = auth.status !== 'loading';
  const user = auth.status === 'signed-in' ? auth.user : null;
  return (
    <>
      {!user && (
        <Link
          to={paths.login}
          className={known ? linkStyles : `${linkStyles} hinted-signed-in:hidden`}
        >
          Login
        </Link>
      )}
      {user && (
        <p className="hidden min-w-0 items-center gap-2 lg:flex">
          <Avatar name={user.name} size="sm" />
          <span className="max-w-40 truncate text-sm font-medium text-ink-950">
            <span className="sr-only">Signed in as </span>
            {user.name}
          </span>
        </p>
      )}
      {auth.status !== 'signed-out' && (
        // The same element before and after the app knows, so it never moves.
        <span className={known ? 'contents' : 'hidden hinted-signed-in:contents'}>
          <Link to={paths.dashboard} className={linkStyles}>
            Dashboard
          </Link>
        </span>
      )}
    </>
  );
}
