import { logoTarget } from '@tickerwise/shared';
import { Link, usePathname } from '../lib/navigation.tsx';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M7 21l6-6 4 4 8-9"
        fill="none"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * docs/PRODUCT.md §2.4: the logo goes to /dashboard under /dashboard, otherwise to /.
 * `compact`: only the mark on a phone, where the header needs the room (the name is still read).
 */
export function Logo({
  tone = 'dark',
  compact = false,
}: {
  tone?: 'dark' | 'light';
  compact?: boolean;
}) {
  const pathname = usePathname();
  return (
    <Link
      to={logoTarget(pathname)}
      className={`inline-flex items-center gap-2 text-lg font-semibold tracking-tight ${
        tone === 'light' ? 'text-white' : 'text-ink-950'
      }`}
    >
      <LogoMark />
      <span className={compact ? 'sr-only sm:not-sr-only' : undefined}>Tickerwise</span>
    </Link>
  );
}
