import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon, MenuIcon } from '../../../components/icons.tsx';
import { siteMenus } from '../content/site-menus.ts';
import { useDismiss } from './use-dismiss.ts';

const panelId = 'mobile-site-menu';

/**
 * The phone header's menu button and panel with the same groups as the desktop drop-downs.
 * Escape closes it and returns focus to the button; a tap outside closes it.
 */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  useDismiss({ container: rootRef, trigger: buttonRef, open, close });

  return (
    <div ref={rootRef} className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen(!open)}
        className="grid size-10 place-items-center rounded-lg text-ink-950 hover:bg-slate-100"
      >
        {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
      </button>
      {open && (
        <nav
          id={panelId}
          aria-label="Site menu"
          className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg shadow-ink-950/10"
        >
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
      )}
    </div>
  );
}
