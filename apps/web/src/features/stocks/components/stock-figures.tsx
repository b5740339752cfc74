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
    <dl className="grid gap-4 sm:grid-cols-3">
      {labels.map((label, index) => {
        const value = values?.[index];
        return (
          <Card key={label} size="sm">
            <dt className="text-sm font-medium text-slate-500">{label}</dt>
            <dd
              className={`mt-2 text-xl font-bold tracking-tight tabular-nums ${
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
