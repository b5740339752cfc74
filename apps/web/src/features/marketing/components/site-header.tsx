import { paths } from '@tickerwise/shared';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { type MenuGroup, siteMenus } from '../content/site-menus.ts';
import { MobileNav } from './mobile-nav.tsx';
import { NavMenu } from './nav-menu.tsx';

/** SPEC.md: logo, the Resources, Product and About drop-downs, and Login to /login. */
export function SiteHeader() {
  const [openMenu, setOpenMenu] = useState<MenuGroup['id'] | null>(null);
  // One drop-down at a time: opening one closes the other.
  const onOpenChange = useCallback((id: MenuGroup['id'], open: boolean) => {
    setOpenMenu((current) => (open ? id : current === id ? null : current));
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {siteMenus.map((group) => (
            <NavMenu
              key={group.id}
              group={group}
              open={openMenu === group.id}
              onOpenChange={onOpenChange}
            />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link
            to={paths.login}
            className="rounded-xl bg-ink-950 px-4 py-2 text-sm font-semibold text-white transition-colors hover:bg-ink-800"
          >
            Login
          </Link>
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
