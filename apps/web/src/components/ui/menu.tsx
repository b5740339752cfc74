import { DropdownMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from '../../lib/navigation.tsx';

/**
 * A menu button and its menu (Radix DropdownMenu, the WAI-ARIA menu button pattern): a click or
 * Enter, Space or ArrowDown opens it (the keys on its first item), arrow keys and the first
 * letters move between items, Escape closes it and returns focus to the button, a press
 * outside closes it. It never blocks the page behind it, so that press also does what it says.
 */
export function Menu(props: Omit<ComponentProps<typeof DropdownMenu.Root>, 'modal'>) {
  return <DropdownMenu.Root modal={false} {...props} />;
}

/** The button that opens the menu; wrap your own with `asChild`. */
export const MenuTrigger = DropdownMenu.Trigger;

type MenuContentProps = ComponentProps<typeof DropdownMenu.Content>;

/** The menu itself, in a portal above the page and kept inside the viewport; size it with `className`. */
export function MenuContent({
  className = '',
  sideOffset = 8,
  collisionPadding = 12,
  align = 'start',
  children,
  ...props
}: MenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        align={align}
        className={`z-50 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-ink-950/10 focus:outline-none ${className}`}
        {...props}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

const itemBase =
  'flex w-full cursor-pointer items-center rounded-lg px-3 py-2 text-left text-sm font-medium outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60';
const itemTones = {
  default: 'text-slate-700 data-[highlighted]:bg-slate-100 data-[highlighted]:text-ink-950',
  danger: 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
};

interface MenuItemProps {
  /** Runs when the item is chosen by pointer or keyboard; call `event.preventDefault()` to keep the menu open. */
  onSelect?: (event: Event) => void;
  disabled?: boolean;
  /** `danger` for an item that ends something (Sign Out). */
  tone?: keyof typeof itemTones;
  children: ReactNode;
}

/** An action in the menu. */
export function MenuItem({ onSelect, disabled, tone = 'default', children }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      disabled={disabled}
      className={`${itemBase} ${itemTones[tone]}`}
    >
      {children}
    </DropdownMenu.Item>
  );
}

interface MenuLinkItemProps {
  /** An app path (client-side navigation). */
  to: string;
  /** A second line under the label. */
  description?: string;
  children: ReactNode;
}

/** A link in the menu: choosing it navigates and closes the menu. */
export function MenuLinkItem({ to, description, children }: MenuLinkItemProps) {
  if (!description) {
    return (
      <DropdownMenu.Item asChild className={`${itemBase} ${itemTones.default}`}>
        <Link to={to}>{children}</Link>
      </DropdownMenu.Item>
    );
  }
  return (
    <DropdownMenu.Item
      asChild
      className="block cursor-pointer rounded-xl px-3 py-2.5 outline-none data-[highlighted]:bg-slate-50"
    >
      <Link to={to}>
        <span className="block text-sm font-semibold text-ink-950">{children}</span>
        <span className="mt-0.5 block text-xs text-slate-500">{description}</span>
      </Link>
    </DropdownMenu.Item>
  );
}

/** A line between groups of items. */
export function MenuSeparator() {
  return <DropdownMenu.Separator className="-mx-1.5 my-1 h-px bg-slate-100" />;
}
