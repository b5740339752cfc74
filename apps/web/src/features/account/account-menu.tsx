import { type Me, paths, tierLabel } from '@tickerwise/shared';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuthActions } from '../../app/session/auth-provider.tsx';
import { useDismiss } from '../../lib/use-dismiss.ts';
import { AccountAvatar } from './account-avatar.tsx';
import { AlphaBadge } from './alpha-badge.tsx';

const itemBase = 'flex w-full items-center rounded-lg px-3 py-2 text-left text-sm font-medium';
const itemClass = `${itemBase} text-slate-700 hover:bg-slate-100 hover:text-ink-950`;

/** SPEC.md dashboard layout: who is signed in, on which plan, and where to manage it. */
interface AccountMenuProps {
  user: Me;
  /** Shown under the plan, e.g. a plan change waiting for the end of the billing period. */
  planNote?: ReactNode;
}

export function AccountMenu({ user, planNote }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { signOut } = useAuthActions();
  const navigate = useNavigate();
  const plan = `${tierLabel(user.subscription_tier)} Plan`;

  const dismiss = useCallback((reason: 'outside' | 'escape') => {
    setOpen(false);
    if (reason === 'escape') trigger.current?.focus();
  }, []);
  useDismiss(container, open, dismiss);

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    navigate(paths.login, { replace: true });
  };

  return (
    <div ref={container} className="relative min-w-0 flex-1">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Account menu for ${user.name}`}
        onClick={() => setOpen((shown) => !shown)}
        className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-slate-100"
      >
        <AccountAvatar name={user.name} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-ink-950">{user.name}</span>
          <span className="block truncate text-xs text-slate-500">{plan}</span>
        </span>
        <svg
          viewBox="0 0 24 24"
          className={`size-4 shrink-0 text-slate-400 transition-transform ${open ? '' : 'rotate-180'}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M6 15l6-6 6 6" />
        </svg>
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 bottom-full z-50 mb-2 w-56 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-ink-950/10"
        >
          <div className="border-b border-slate-100 px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-ink-950">{user.name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
            <div className="mt-2 flex flex-wrap items-center gap-1.5">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {plan}
              </span>
              {user.subscription_tier === 'alpha' && <AlphaBadge />}
            </div>
            {planNote}
          </div>
          <div className="py-1">
            <Link to={paths.settings} className={itemClass} onClick={() => setOpen(false)}>
              Settings
            </Link>
            <Link to={paths.pricing} className={itemClass} onClick={() => setOpen(false)}>
              Manage Plan
            </Link>
          </div>
          <div className="border-t border-slate-100 pt-1">
            <button
              type="button"
              disabled={signingOut}
              onClick={onSignOut}
              className={`${itemBase} text-red-700 hover:bg-red-50 hover:text-red-800 disabled:opacity-60`}
            >
              {signingOut ? 'Signing Out...' : 'Sign Out'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
