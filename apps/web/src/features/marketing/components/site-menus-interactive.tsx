import { ChevronDown } from 'lucide-react';
import { type FocusEvent, useRef } from 'react';
import { Menu, MenuContent, MenuLinkItem, MenuTrigger } from '../../../components/ui/menu.tsx';
import type { Activation } from '../../../components/ui/on-demand.tsx';
import { type MenuGroup, siteMenus } from '../content/site-menus.ts';
import { menuChevronStyles, menuTriggerStyles } from './menu-trigger-styles.ts';

/** The header's menus once their code has loaded (see `site-menus.tsx`). */
export function SiteMenus({ activation }: { activation: Activation | null }) {
  return (
    <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
      {siteMenus.map((group) => (
        <SiteMenu
          key={group.id}
          group={group}
          activation={activation?.key === group.id ? activation : null}
        />
      ))}
    </nav>
  );
}

/** One menu: its links with a line on each; the visitor's first press or arrow key opens it. */
function SiteMenu({ group, activation }: { group: MenuGroup; activation: Activation | null }) {
  // An arrow key opens a menu on its first item, as Radix does itself once loaded: when the
  // menu opened by that key takes focus, pass it on.
  const openOnFirstItem = useRef(activation?.by === 'arrow');
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!openOnFirstItem.current || event.target !== event.currentTarget) return;
    openOnFirstItem.current = false;
    event.currentTarget
      .querySelector<HTMLElement>('[role="menuitem"]')
      ?.focus({ preventScroll: true });
  };
  return (
    <Menu defaultOpen={activation !== null && activation.by !== 'focus'}>
      <MenuTrigger data-on-demand={group.id} className={menuTriggerStyles}>
        {group.label}
        <ChevronDown className={menuChevronStyles} />
      </MenuTrigger>
      <MenuContent onFocus={onFocus} className="grid w-[34rem] grid-cols-2 gap-1 p-2">
        {group.links.map((link) => (
          <MenuLinkItem key={link.to} to={link.to} description={link.description}>
            {link.label}
          </MenuLinkItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
