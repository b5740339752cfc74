import { type RefObject, useEffect } from 'react';

/** Inputs that take text: a key pressed in one is typing, never a shortcut. */
const nonTextInputs = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !nonTextInputs.has(target.type);
  return (
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.isContentEditable
  );
}

type ShortcutKey = Pick<
  KeyboardEvent,
  | 'key'
  | 'ctrlKey'
  | 'metaKey'
  | 'altKey'
  | 'shiftKey'
  | 'target'
  | 'defaultPrevented'
  | 'isComposing'
>;

/**
 * docs/PRODUCT.md §3.10: `/` or Ctrl+K (Cmd+K on a Mac) focuses the symbol search, unless the
 * key is typed into a field (or already handled, or part of composing a character).
 */
export function isSearchShortcut(event: ShortcutKey): boolean {
  if (event.defaultPrevented || event.isComposing || isTyping(event.target)) return false;
  if (event.altKey) return false;
  if (event.key === '/') return !event.ctrlKey && !event.metaKey;
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.shiftKey;
}

/** Focuses `input` on the search shortcut, unless a dialog or drawer hides it. */
export function useSearchShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const field = input.current;
      if (!field || !isSearchShortcut(event)) return;
      // A modal (a dialog, the phone's menu drawer) marks the rest of the page hidden.
      if (field.closest('[aria-hidden="true"], [inert]')) return;
      event.preventDefault();
      field.focus();
      field.select();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}
