import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

/**
 * A panel that opens from a button and stays beside it (Radix Popover): Escape and a press
 * outside close it, and focus goes back to the button. Controlled with `open`/`onOpenChange`
 * or left to itself.
 */
export const Popover = PopoverPrimitive.Root;

/** The button that opens the popover; wrap your own with `asChild`. */
export const PopoverTrigger = PopoverPrimitive.Trigger;

type PopoverContentProps = ComponentProps<typeof PopoverPrimitive.Content>;

/**
 * The panel, in a portal above the page and kept inside the viewport. Give it a heading and
 * point `aria-labelledby` at it: it is announced as a dialog with that name. Size it with
 * `className` (e.g. `w-80`).
 */
export function PopoverContent({
  className = '',
  sideOffset = 8,
  collisionPadding = 12,
  children,
  ...props
}: PopoverContentProps) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={`z-50 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-slate-200 bg-white shadow-xl shadow-ink-950/10 focus:outline-none ${className}`}
        {...props}
      >
        {children}
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  );
}
