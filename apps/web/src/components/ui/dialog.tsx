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
  /** `md` for a form, `wide` for a table (an import preview). */
  size?: 'md' | 'wide';
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
  size = 'md',
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
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-slate-200 bg-white shadow-2xl focus:outline-none motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in ${size === 'wide' ? 'max-w-3xl' : 'max-w-lg'}`}
        >
          {/* Title and buttons stay in view; a body taller than the screen scrolls between them. */}
          <div className="flex items-start justify-between gap-4 px-6 pt-6">
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
            <DialogPrimitive.Description className="mt-1 px-6 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          )}
          {children && (
            <div className="mt-3 min-h-0 flex-1 overflow-y-auto px-6 pt-1 pb-1">{children}</div>
          )}
          {footer ? (
            <div className="flex flex-wrap justify-end gap-3 px-6 pt-5 pb-6">{footer}</div>
          ) : (
            <div className="pb-6" />
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A button inside a dialog or drawer that closes it (used as is, through `asChild`). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <DialogPrimitive.Close asChild>{children}</DialogPrimitive.Close>;
}
