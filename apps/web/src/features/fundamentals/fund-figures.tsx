import { formatCompactNumber, formatVolume } from '@tickerwise/shared';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useFund } from './api/get-fundamentals.ts';

const notAvailable = 'Not available';
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An expense ratio to the hundredth of a percent, or finer when it is finer (0.0945%). */
function expenseRatio(value: number): string {
  return Number.isInteger(Math.round(value * 100 * 1000) / 1000)
    ? `${twoDecimals.format(value)}%`
    : `${value.toFixed(4).replace(/0+$/, '')}%`;
}

/**
 * docs/PRODUCT.md §3.13: a fund's headline figures in place of a company's market cap and
 * P/E: assets under management, expense ratio, dividend yield (the key statistics' figure)
 * and the day's volume. Simulated figures say so; a figure the source lacks reads
 * "Not available".
 */
export function FundFigures({ symbol, volume }: { symbol: string; volume: number }) {
  const { data, isError } = useFund(symbol);
  const value = (figure: number | null | undefined, format: (value: number) => string) =>
    figure === null || figure === undefined ? notAvailable : format(figure);
  const figures: { label: string; value: string | undefined }[] = [
    {
      label: 'Assets under management',
      value: data
        ? value(data.assetsUnderManagement, (v) => `$${formatCompactNumber(v)}`)
        : undefined,
    },
    {
      label: 'Expense ratio',
      value: data ? value(data.expenseRatioPercent, expenseRatio) : undefined,
    },
    {
      label: 'Dividend yield',
      value: data
        ? value(data.dividendYieldPercent, (v) => `${twoDecimals.format(v)}%`)
        : undefined,
    },
    { label: '24h Volume', value: formatVolume(volume) },
  ];
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {figures.map((figure) => {
          const shown = figure.value ?? (isError ? notAvailable : undefined);
          return (
            <Card key={figure.label} size="sm">
              <dt className="text-sm font-medium text-slate-500">{figure.label}</dt>
              <dd
                className={`mt-2 text-xl font-bold tracking-tight tabular-nums ${
                  shown === notAvailable ? 'text-slate-400' : 'text-ink-950'
                }`}
              >
                {shown ?? <Skeleton className="h-7 w-24" />}
              </dd>
            </Card>
          );
        })}
      </dl>
      {data?.source === 'simulated' && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <Badge tone="outline">Simulated data</Badge>
          Assets under management and expense ratio are simulated, not the fund’s.
        </p>
      )}
      {isError && !data && (
        <p className="text-xs text-slate-500">The fund’s figures could not be loaded.</p>
      )}
    </div>
  );
}
