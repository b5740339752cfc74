import { type Me, paths, tierLabel } from '@tickerwise/shared';
import { ChevronUp } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuLinkItem,
  MenuSeparator,
  MenuTrigger,
} from '../../components/ui/menu.tsx';
import { useAuthActions } from '../../lib/session/auth-provider.tsx';
import { AlphaBadge } from './alpha-badge.tsx';

interface AccountMenuProps {
  user: Me;
  /** Shown under the plan, e.g. a plan change waiting for the end of the billing period. */
  planNote?: ReactNode;
}

/** docs/PRODUCT.md §3.10: who is signed in, on which plan, and where to manage it. */
export function AccountMenu({ user, planNote }: AccountMenuProps) {
  const [signingOut, setSigningOut] = useState(false);
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const plan = `${tierLabel(user.subscription_tier)} Plan`;

  const onSignOut = async (event: Event) => {
    // The menu stays open, saying it is signing out, until the user is signed out.
    event.preventDefault();
    setSigningOut(true);
    await signOut();
    navigate(paths.login, { replace: true });
  };

  return (
    <Menu>
      <MenuTrigger
        aria-label={`Account menu for ${user.name}`}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-slate-100"
      >
        <Avatar name={user.name} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-ink-950">{user.name}</span>
          <span className="block truncate text-xs text-slate-500">{plan}</span>
        </span>
        <ChevronUp className="size-4 shrink-0 rotate-180 text-slate-400 transition-transform group-data-[state=open]:rotate-0" />
      </MenuTrigger>
      <MenuContent side="top" align="end" className="w-56">
        <div className="px-3 pt-2 pb-3">
          <p className="truncate text-sm font-semibold text-ink-950">{user.name}</p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <Badge>{plan}</Badge>
            {user.subscription_tier === 'alpha' && <AlphaBadge />}
          </div>
          {planNote}
        </div>
        <MenuSeparator />
        <MenuLinkItem to={paths.settings}>Settings</MenuLinkItem>
        <MenuLinkItem to={paths.pricing}>Manage Plan</MenuLinkItem>
        <MenuSeparator />
        <MenuItem tone="danger" disabled={signingOut} onSelect={onSignOut}>
          {signingOut ? 'Signing Out...' : 'Sign Out'}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
