import type { TutorialThumbnail as ThumbnailKind } from '../content/tutorials.ts';

const backgrounds: Record<ThumbnailKind, string> = {
  dashboard: 'from-ink-900 to-ink-700',
  analysis: 'from-ink-950 to-brand-900',
  alerts: 'from-brand-900 to-ink-900',
  portfolio: 'from-ink-800 to-sky-900',
};

/** A drawn thumbnail for a tutorial (SVG and CSS, no image request), 16:9; decorative. */
export function TutorialThumbnail({ kind, duration }: { kind: ThumbnailKind; duration: string }) {
  return (
    <div
      aria-hidden="true"
      className={`relative aspect-video overflow-hidden rounded-t-3xl bg-gradient-to-br ${backgrounds[kind]}`}
    >
      <svg aria-hidden="true" viewBox="0 0 160 90" className="absolute inset-0 size-full">
        {kind === 'dashboard' && (
          <g className="fill-white/10">
            <rect x="16" y="14" width="30" height="62" rx="4" />
            <rect x="54" y="14" width="90" height="18" rx="4" />
            <rect x="54" y="38" width="42" height="38" rx="4" />
            <rect x="102" y="38" width="42" height="38" rx="4" className="fill-brand-400/40" />
          </g>
        )}
        {kind === 'analysis' && (
          <g fill="none" strokeWidth="2.5" strokeLinejoin="round">
            <path
              d="M16 66 L40 58 L60 62 L82 44 L104 48 L126 30 L144 24"
              className="stroke-brand-400"
            />
            <path d="M16 72 H144" className="stroke-white/20" />
          </g>
        )}
        {kind === 'alerts' && (
          <g className="fill-white/10">
            <rect x="24" y="16" width="112" height="16" rx="5" />
            <rect x="24" y="37" width="112" height="16" rx="5" className="fill-brand-400/40" />
            <rect x="24" y="58" width="112" height="16" rx="5" />
          </g>
        )}
        {kind === 'portfolio' && (
          <g fill="none" strokeWidth="10" transform="rotate(-90 80 45)">
            <circle cx="80" cy="45" r="24" strokeDasharray="75 151" className="stroke-brand-400" />
            <circle
              cx="80"
              cy="45"
              r="24"
              strokeDasharray="45 151"
              strokeDashoffset="-75"
              className="stroke-sky-400"
            />
            <circle
              cx="80"
              cy="45"
              r="24"
              strokeDasharray="31 151"
              strokeDashoffset="-120"
              className="stroke-white/30"
            />
          </g>
        )}
      </svg>
      <span className="absolute right-3 bottom-3 rounded-md bg-ink-950/80 px-2 py-1 text-xs font-semibold text-white tabular-nums">
        {duration}
      </span>
    </div>
  );
}
