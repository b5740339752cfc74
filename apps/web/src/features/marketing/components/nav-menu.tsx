import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../../components/icons.tsx';
import type { MenuGroup } from '../content/site-menus.ts';
import { moveMenuFocus } from './menu-focus.ts';
import { useDismiss } from './use-dismiss.ts';

interface NavMenuProps {
  group: MenuGroup;
  open: boolean;
  onOpenChange: (id: MenuGroup['id'], open: boolean) => void;
}

/**
 * One drop-down of the desktop header: a button that discloses a panel of links. Click or tap
 * toggles it; ArrowDown opens it on the first link; Escape closes it and returns focus to the
 * button; a click outside or tabbing away closes it.
 */
export function NavMenu({ group, open, onOpenChange }: NavMenuProps) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusFirstLink = useRef(false);
  const close = useCallback(() => onOpenChange(group.id, false), [onOpenChange, group.id]);

  useDismiss({ container: rootRef, trigger: triggerRef, open, close });

  useEffect(() => {
    if (!open || !focusFirstLink.current || !rootRef.current) return;
    focusFirstLink.current = false;
    moveMenuFocus(rootRef.current, 'Home');
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open && event.key === 'ArrowDown' && event.target === triggerRef.current) {
      event.preventDefault();
      focusFirstLink.current = true;
      onOpenChange(group.id, true);
      return;
    }
    if (open && rootRef.current && moveMenuFocus(rootRef.current, event.key)) {
      event.preventDefault();
    }
  };

  // Only focus that lands elsewhere on the page closes it: Safari does not focus a link on
  // click, so a blur with no new target is left to the outside-pointer check.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) close();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the button and its links
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(group.id, !open)}
        className="inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-ink-950 aria-expanded:bg-slate-100 aria-expanded:text-ink-950"
      >
        {group.label}
        <ChevronDownIcon
          className={`size-4 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute top-full left-0 mt-2 w-[34rem] rounded-2xl border border-slate-200 bg-white p-2 shadow-xl shadow-ink-950/10"
        >
          <ul className="grid grid-cols-2 gap-1">
            {group.links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  data-menu-link=""
                  onClick={close}
                  className="block rounded-xl px-3 py-2.5 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50"
                >
                  <span className="block text-sm font-semibold text-ink-950">{link.label}</span>
                  <span className="mt-0.5 block text-xs text-slate-500">{link.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
