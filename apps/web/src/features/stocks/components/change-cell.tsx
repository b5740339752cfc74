import type { Stock } from '@tickerwise/shared';
import { ChangeIndicator } from './change-indicator.tsx';

/** A table's change cell: percent versus the previous close, green up or red down. */
export function ChangeCell({
  quote,
  className = '',
}: {
  quote: Pick<Stock, 'symbol' | 'change'>;
  className?: string;
}) {
  return (
    <td className={`text-right ${className}`}>
      <ChangeIndicator change={quote.change} className="justify-end" />
    </td>
  );
}
