import { Outlet } from 'react-router';
import { SiteFooter } from '../../features/marketing/components/site-footer.tsx';
import { SiteHeader } from '../../features/marketing/components/site-header.tsx';

export function MarketingLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
