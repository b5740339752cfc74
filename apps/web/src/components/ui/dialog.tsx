import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { iconButtonStyles } from './button.tsx';

export interface DialogProps {
  /** Controlled: whether it is open, and what to do when it asks to open or close. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** A button that opens it (used as is, through `asChild`); focus returns there on close. */
  trigger?: ReactNode;
  /** Its heading, and the name screen readers announce. */
  title: string;
  /** A sentence under the title, read with it. */
  description?: ReactNode;
  /** Buttons at the bottom, e.g. Cancel and Confirm. */
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A modal dialog in the middle of the screen (Radix Dialog): it keeps focus inside until it
 * closes, Escape, the close button or a press outside close it, the page behind neither
 * scrolls nor reads to screen readers, and focus returns to what opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  footer,
  children,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink-950/40 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          // Radix warns when a dialog has no description; most of ours are named by the title alone.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl focus:outline-none motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in"
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-lg font-semibold text-ink-950">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close"
              className={`-mt-1 -mr-2 ${iconButtonStyles('sm')}`}
            >
              <X className="size-5" />
            </DialogPrimitive.Close>
          </div>
          {description && (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A button inside a dialog or drawer that closes it (used as is, through `asChild`). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <DialogPrimitive.Close asChild>{children}</DialogPrimitive.Close>;
}
