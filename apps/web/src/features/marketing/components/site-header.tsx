import { Logo } from '../../../components/logo.tsx';
import { HeaderAccount } from './header-account.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { SiteMenus } from './site-menus.tsx';

/**
 * The public pages' header: logo, the Resources, Product and About drop-downs, and Login to
 * /login (Dashboard and the account's name for a signed-in visitor).
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <SiteMenus />
        <div className="ml-auto flex items-center gap-2">
          <HeaderAccount />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
