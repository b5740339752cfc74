import type { Stock } from '@tickerwise/shared';
import { useLiveQuote } from '../../lib/use-live-quote.ts';
import { ChangeIndicator } from './change-indicator.tsx';

/** A table's change cell: percent versus the previous close, green up or red down, live. */
export function ChangeCell({
  quote,
  className = '',
}: {
  quote: Pick<Stock, 'symbol' | 'change' | 'price' | 'delayed' | 'asOf'>;
  className?: string;
}) {
  const shown = useLiveQuote(quote);
  return (
    <td className={`text-right ${className}`}>
      <ChangeIndicator change={shown.change} className="justify-end" />
    </td>
  );
}
