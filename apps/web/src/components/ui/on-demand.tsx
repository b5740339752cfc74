import {
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** How the visitor reached for an element before its interactive version had loaded. */
export interface Activation {
  /** The `data-on-demand` value of the element. */
  key: string;
  /**
   * `press`: a click, tap, Enter or Space; `arrow`: ArrowDown or ArrowUp (a menu button opens
   * on its first item); `focus`: it only had focus.
   */
  by: 'press' | 'arrow' | 'focus';
}

/** The interactive version: it carries on from `activation` (e.g. opens the pressed menu). */
export type OnDemandComponent = ComponentType<{ activation: Activation | null }>;

interface OnDemandProps {
  /** Imports the interactive version; called once, on the first sign of interest. */
  load: () => Promise<OnDemandComponent>;
  /**
   * What shows until it has loaded (and in the prerendered page): the same look with plain
   * elements, each one the visitor may reach for marked `data-on-demand="key"`, with the same
   * key on its interactive twin.
   */
  children: ReactNode;
}

/**
 * Keeps the code of pop-ups out of the page's first load: it starts loading when the pointer
 * comes over them, focus enters them or a finger touches them, then swaps the interactive
 * version in. A press or arrow key that came first is handed on, and focus is kept.
 */
export function OnDemand({ load, children }: OnDemandProps) {
  // Kept apart so that a press or arrow key that arrives after the code has loaded but before
  // React has swapped the interactive version in still reaches it.
  const [Loaded, setLoaded] = useState<{ Component: OnDemandComponent } | null>(null);
  const [activation, setActivation] = useState<Activation | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const request = useRef<Promise<void> | null>(null);

  const start = () => {
    request.current ??= load().then(
      (Component) => {
        const focused = markedElement(document.activeElement);
        if (focused && wrapper.current?.contains(focused)) {
          const key = focused.dataset.onDemand ?? '';
          setActivation((earlier) => earlier ?? { key, by: 'focus' });
        }
        setLoaded({ Component });
      },
      (error: unknown) => {
        // Offline or a new deployment: the next sign of interest tries again.
        request.current = null;
        console.warn('Could not load the menu', error);
      },
    );
  };

  const remember = (target: EventTarget, by: Activation['by']) => {
    const element = markedElement(target);
    if (!element) return false;
    setActivation({ key: element.dataset.onDemand ?? '', by });
    start();
    return true;
  };
  const onClick = (event: MouseEvent) => {
    if (!Loaded) remember(event.target, 'press');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (Loaded || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    if (remember(event.target, 'arrow')) event.preventDefault();
  };

  // Before the browser handles another event: the plain element that had focus is gone, so
  // a key pressed now must already find its interactive twin focused.
  const swapped = Loaded !== null;
  useLayoutEffect(() => {
    if (!swapped || activation?.by !== 'focus') return;
    const key = CSS.escape(activation.key);
    wrapper.current?.querySelector<HTMLElement>(`[data-on-demand="${key}"]`)?.focus();
  }, [swapped, activation]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only watches its children's events, which handle themselves
    <div
      ref={wrapper}
      className="contents"
      onPointerEnter={start}
      onFocus={start}
      onTouchStart={start}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {Loaded ? <Loaded.Component activation={activation} /> : children}
    </div>
  );
}

function markedElement(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-on-demand]') : null;
}
