import { Menu } from 'lucide-react';
import { OnDemand } from '../../../components/ui/on-demand.tsx';
import { menuButtonStyles } from './menu-trigger-styles.ts';

const loadDrawer = () => import('./mobile-nav-drawer.tsx').then((module) => module.MobileNav);

/**
 * The phone header's menu button. The drawer's code loads when a finger touches the button,
 * so the landing page does not carry it; until then the button is drawn as it will be.
 */
export function MobileNav() {
  return (
    <OnDemand load={loadDrawer}>
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
    </OnDemand>
  );
}
