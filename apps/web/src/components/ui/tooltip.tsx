import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

interface TooltipProps {
  /** The explanation, shown on hover and on keyboard focus, and read as the trigger's description. */
  content: ReactNode;
  /** One focusable element (a button or link) it explains; it receives the hover and focus handlers. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * A short explanation beside an element (Radix Tooltip): after a moment's hover, or at once on
 * keyboard focus; Escape hides it. Never put the only copy of important text in a tooltip:
 * touch screens cannot hover.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={12}
            className="z-50 max-w-xs rounded-lg bg-ink-950 px-3 py-2 text-xs leading-5 text-white shadow-lg"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-ink-950" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
