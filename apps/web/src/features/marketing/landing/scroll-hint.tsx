import { ChevronDown } from 'lucide-react';
import { type MouseEvent, useEffect, useState } from 'react';

/** docs/PRODUCT.md §3.1: the arrow shows while the page is scrolled less than 100 px. */
const hideAfterPx = 100;

export function ScrollHint({ targetId }: { targetId: string }) {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const update = () => setVisible(window.scrollY < hideAfterPx);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  // A link to the next section, so it works before the app runs; then the scroll is smooth.
  const scrollDown = (event: MouseEvent) => {
    event.preventDefault();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document
      .getElementById(targetId)
      ?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  };

  return (
    <a
      href={`#${targetId}`}
      aria-label="Scroll down"
      onClick={scrollDown}
      className={`fixed bottom-4 left-1/2 z-30 grid size-10 -translate-x-1/2 sm:bottom-6 sm:size-12 place-items-center rounded-full border border-slate-200 bg-white/95 text-ink-950 shadow-lg shadow-ink-950/20 transition-[opacity,visibility] duration-300 hover:bg-white ${
        visible ? 'visible opacity-100' : 'invisible opacity-0'
      }`}
    >
      <ChevronDown className="size-6 motion-safe:animate-bounce" />
    </a>
  );
}
