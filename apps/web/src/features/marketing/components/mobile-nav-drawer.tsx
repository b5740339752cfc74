import { Menu, X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Drawer } from '../../../components/ui/drawer.tsx';
import type { Activation } from '../../../components/ui/on-demand.tsx';
import { Link } from '../../../lib/navigation.tsx';
import { usePublicAuth } from '../../../lib/session/auth-provider.tsx';
import { useOnMediaMatch } from '../../../lib/use-on-media-match.ts';
import { siteMenus } from '../content/site-menus.ts';
import { menuButtonStyles } from './menu-trigger-styles.ts';

const panelId = 'mobile-site-menu';

/**
 * The phone's site menu once its code has loaded (see `mobile-nav.tsx`): the same groups as the
 * desktop drop-downs in a sheet under the header, and whose account a signed-in visitor is in.
 * Escape or a tap outside closes it and focus returns to the button.
 */
export function MobileNav({ activation }: { activation: Activation | null }) {
  const [open, setOpen] = useState(activation?.by === 'press');
  const close = useCallback(() => setOpen(false), []);
  useOnMediaMatch('(min-width: 48rem)', close);
  const auth = usePublicAuth();

  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      side="top"
      title="Site menu"
      id={panelId}
      className="px-4 pt-2 pb-6 md:hidden"
      trigger={
        <button
          type="button"
          data-on-demand="site-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          className={menuButtonStyles}
        >
          {open ? <X className="size-6" /> : <Menu className="size-6" />}
        </button>
      }
    >
      {auth.status === 'signed-in' && (
        // The header beside the button offers Dashboard; this says whose account it leads to.
        <div className="flex items-center gap-3 border-b border-slate-100 px-2 pt-4 pb-5">
          <Avatar name={auth.user.name} />
          <p className="min-w-0 text-sm">
            <span className="sr-only">Signed in as </span>
            <span className="block truncate font-semibold text-ink-950">{auth.user.name}</span>
            <span className="block truncate text-slate-500">{auth.user.email}</span>
          </p>
        </div>
      )}
      <nav aria-label="Site menu">
        {siteMenus.map((group) => (
          <section key={group.id} aria-labelledby={`${panelId}-${group.id}`} className="pt-4">
            <h2
              id={`${panelId}-${group.id}`}
              className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              {group.label}
            </h2>
            <ul className="mt-2 grid grid-cols-2 gap-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={close}
                    className="block rounded-lg px-2 py-2 text-sm font-medium text-ink-950 hover:bg-slate-50"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </Drawer>
  );
}
