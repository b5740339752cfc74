import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';

type DrawerSide = 'left' | 'top';

export interface DrawerProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Opens it on the first render, e.g. when the drawer's code loaded because it was asked for. */
  defaultOpen?: boolean;
  /** A button that opens it (used as is, through `asChild`); focus returns there on close. */
  trigger?: ReactNode;
  /** The name screen readers announce; not shown (the drawer's content has its own heading or logo). */
  title: string;
  /** `left`: a full-height panel (the dashboard's sidebar); `top`: a sheet under the site header. */
  side?: DrawerSide;
  /** The panel's id, for the trigger's `aria-controls`. */
  id?: string;
  /** Size and layout of the panel (e.g. `w-64 flex flex-col`). */
  className?: string;
  children: ReactNode;
}

const panels: Record<DrawerSide, string> = {
  left: 'inset-y-0 left-0 shadow-2xl motion-safe:data-[state=closed]:animate-drawer-out-left motion-safe:data-[state=open]:animate-drawer-in-left',
  top: 'inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 shadow-lg shadow-ink-950/10 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in',
};

/**
 * A panel that slides over the page on small screens (a modal Radix Dialog): focus stays in it
 * while open, Escape or a press outside closes it, and focus returns to what opened it.
 */
export function Drawer({
  open,
  onOpenChange,
  defaultOpen,
  trigger,
  title,
  side = 'left',
  id,
  className = '',
  children,
}: DrawerProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        {side === 'left' && (
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink-950/40 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        )}
        <DialogPrimitive.Content
          id={id}
          aria-describedby={undefined}
          className={`fixed z-50 bg-white focus:outline-none ${panels[side]} ${className}`}
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A button inside the drawer that closes it (used as is, through `asChild`). */
export function DrawerClose({ children }: { children: ReactNode }) {
  return <DialogPrimitive.Close asChild>{children}</DialogPrimitive.Close>;
}
