import { type RefObject, useEffect } from 'react';

interface DismissOptions {
  /** Everything that belongs to the pop-up: its button and its panel. */
  container: RefObject<HTMLElement | null>;
  /** The button that opened it; Escape returns focus there. */
  trigger: RefObject<HTMLElement | null>;
  open: boolean;
  close: () => void;
}

/**
 * Closes an open pop-up when the pointer goes down outside it (mouse and touch alike) or on
 * Escape wherever focus is (Safari does not focus buttons on click), returning focus to its
 * button after Escape.
 */
export function useDismiss({ container, trigger, open, close }: DismissOptions): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [container, trigger, open, close]);
}
