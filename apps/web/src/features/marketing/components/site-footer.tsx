import { Logo } from '../../../components/logo.tsx';
import { Link } from '../../../lib/navigation.tsx';
import { type MenuGroup, siteMenus } from '../content/site-menus.ts';

/** Where the header's menus lead before the app has loaded: the footer holds the same links. */
export const footerNavId = 'site-footer-links';
export const footerGroupId = (group: MenuGroup['id']) => `site-footer-${group}`;

/** The footer repeats the header's link groups, with the legal line every page needs. */
export function SiteFooter() {
  return (
    <footer className="bg-ink-950 text-ink-300">
      <div className="mx-auto w-full max-w-6xl px-4 pt-14 pb-10 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.2fr_2fr]">
          <div className="max-w-xs">
            <Logo tone="light" />
            <p className="mt-4 text-sm leading-6">
              AI market analysis, live data and clear lessons for individual investors.
            </p>
          </div>
          <nav
            id={footerNavId}
            aria-label="Footer"
            className="grid scroll-mt-20 grid-cols-2 gap-8 sm:grid-cols-3"
          >
            {siteMenus.map((group) => (
              <div key={group.id} id={footerGroupId(group.id)} className="scroll-mt-20">
                <h2 className="text-sm font-semibold text-white">{group.label}</h2>
                <ul className="mt-4 space-y-3 text-sm">
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="transition-colors hover:text-white">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 border-t border-white/10 pt-6 text-xs leading-5 text-ink-400">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Tickerwise. All
            rights reserved.
          </p>
          <p className="mt-2 max-w-3xl">
            Tickerwise provides market information and educational tools, not personalised
            investment advice. Investing involves risk, including the possible loss of principal.
          </p>
        </div>
      </div>
    </footer>
  );
}
