import { ChevronDown } from 'lucide-react';
import { OnDemand } from '../../../components/ui/on-demand.tsx';
import { siteMenus } from '../content/site-menus.ts';
import { menuChevronStyles, menuTriggerStyles } from './menu-trigger-styles.ts';

const loadMenus = () => import('./site-menus-interactive.tsx').then((module) => module.SiteMenus);

/**
 * The desktop header's Resources, Product and About menus. Their code loads when the pointer
 * or focus reaches them (the landing page stays light); until then the buttons are drawn as
 * they will be.
 */
export function SiteMenus() {
  return (
    <OnDemand load={loadMenus}>
      <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
        {siteMenus.map((group) => (
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
        ))}
      </nav>
    </OnDemand>
  );
}
