import { Menu } from 'lucide-react';
import { OnDemand } from '../../../components/ui/on-demand.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { menuButtonStyles } from './menu-trigger-styles.ts';
import { footerNavId } from './site-footer.tsx';

const loadDrawer = () => import('./mobile-nav-drawer.tsx').then((module) => module.MobileNav);

/**
 * The phone header's menu button. The drawer's code loads when a finger touches the button,
 * so the landing page does not carry it; until then the button is drawn as it will be. In the
 * prerendered page, before the app runs, it is a link to the footer, which holds the menu's
 * links.
 */
export function MobileNav() {
  const hydrated = useHydrated();
  return (
    <OnDemand load={loadDrawer}>
      {hydrated ? (
        <button
          type="button"
          data-on-demand="site-menu"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded="false"
          className={menuButtonStyles}
        >
          <Menu className="size-6" />
        </button>
      ) : (
        <a
          href={`#${footerNavId}`}
          data-on-demand="site-menu"
          aria-label="Menu"
          className={menuButtonStyles}
        >
          <Menu className="size-6" />
        </a>
      )}
    </OnDemand>
  );
}
