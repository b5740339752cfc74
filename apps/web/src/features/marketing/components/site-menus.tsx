import { ChevronDown } from 'lucide-react';
import { OnDemand } from '../../../components/ui/on-demand.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { siteMenus } from '../content/site-menus.ts';
import { menuChevronStyles, menuTriggerStyles } from './menu-trigger-styles.ts';
import { footerGroupId } from './site-footer.tsx';

const loadMenus = () => import('./site-menus-interactive.tsx').then((module) => module.SiteMenus);

/**
 * The desktop header's Resources, Product and About menus. Their code loads when the pointer
 * or focus reaches them (the landing page stays light); until then the buttons are drawn as
 * they will be. In the prerendered page, before the app runs, each is a link to the footer's
 * column of the same links, so a click that comes first still leads somewhere.
 */
export function SiteMenus() {
  const hydrated = useHydrated();
  return (
    <OnDemand load={loadMenus}>
      <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
        {siteMenus.map((group) =>
          hydrated ? (
            <button
              key={group.id}
              type="button"
              data-on-demand={group.id}
              aria-haspopup="menu"
              aria-expanded="false"
              className={menuTriggerStyles}
            >
              {group.label}
              <ChevronDown className={menuChevronStyles} />
            </button>
          ) : (
            <a
              key={group.id}
              href={`#${footerGroupId(group.id)}`}
              data-on-demand={group.id}
              className={menuTriggerStyles}
            >
              {group.label}
              <ChevronDown className={menuChevronStyles} />
            </a>
          ),
        )}
      </nav>
    </OnDemand>
  );
}
