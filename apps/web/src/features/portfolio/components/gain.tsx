import { ArrowDown, ArrowUp } from 'lucide-react';
import { formatRatioChange, formatSignedMoney, isGain } from '../../../lib/money-format.ts';

/** A signed amount, green for a gain and red for a loss, with its ratio when known. */
export function Gain({
  value,
  ratio,
  className = '',
}: {
  value: string;
  ratio?: number | null;
  className?: string;
}) {
  const gain = isGain(value);
  const Arrow = gain ? ArrowUp : ArrowDown;
  return (
    <span
      className={`inline-flex flex-wrap items-center gap-x-1 font-medium tabular-nums ${
        gain ? 'text-brand-700' : 'text-red-700'
      } ${className}`}
    >
      <Arrow aria-hidden="true" className="size-3.5 shrink-0" strokeWidth={2.5} />
      <span className="sr-only">{gain ? 'Gain' : 'Loss'}</span>
      {formatSignedMoney(value)}
      {ratio !== undefined && ratio !== null && (
        <span className="font-normal">({formatRatioChange(ratio)})</span>
      )}
    </span>
  );
}
