import { formatMarketCapBillions, formatRatio, formatVolume, type Stock } from '@tickerwise/shared';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { notAvailable } from '../key-statistics.ts';

const labels = ['Market Cap', '24h Volume', 'P/E Ratio'];

/**
 * docs/PRODUCT.md §3.13: market cap in billions, 24h volume, P/E ratio. A figure the source
 * does not have (a fund has neither a market cap nor earnings of its own) is null and reads
 * "Not available", never "$0.0B".
 */
export function StockFigures({ stock }: { stock?: Stock }) {
  const values = stock && [
    stock.marketCap !== null ? formatMarketCapBillions(stock.marketCap) : notAvailable,
    formatVolume(stock.volume),
    stock.peRatio !== null ? formatRatio(stock.peRatio) : notAvailable,
  ];
  return (
    // On a phone each figure is one line, label and value side by side, so the three take
    // little more room than one card.
    <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      {labels.map((label, index) => {
        const value = values?.[index];
        return (
          <Card
            key={label}
            size="sm"
            className="flex items-center justify-between gap-3 py-3.5 sm:block sm:py-5"
          >
            <dt className="text-sm font-medium text-slate-500">{label}</dt>
            <dd
              className={`text-lg font-bold tracking-tight tabular-nums sm:mt-2 sm:text-xl ${
                value === notAvailable ? 'text-slate-400' : 'text-ink-950'
              }`}
            >
              {value ?? <Skeleton className="h-7 w-32" />}
            </dd>
          </Card>
        );
      })}
    </dl>
  );
}
