import type { ReactNode } from 'react';
import { SiteFooter } from '../../features/marketing/components/site-footer.tsx';
import { SiteHeader } from '../../features/marketing/components/site-header.tsx';

/** The public pages' frame: the site's header and footer around the page. */
export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
