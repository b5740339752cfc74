import { communityDisclaimer } from '@tickerwise/shared';
import { Info } from 'lucide-react';

/** Shown on every community screen. */
export function CommunityDisclaimer() {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-slate-50 px-3.5 py-2.5 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
      {communityDisclaimer}
    </p>
  );
}
