import { formatMarketCapBillions, formatRatio, formatVolume, type Stock } from '@tickerwise/shared';
import { Card } from '../../../components/ui/card.tsx';

/** docs/PRODUCT.md §3.13: market cap in billions, 24h volume, P/E ratio. */
export function StockFigures({ stock }: { stock: Stock }) {
  const figures = [
    { label: 'Market Cap', value: formatMarketCapBillions(stock.marketCap) },
    { label: '24h Volume', value: formatVolume(stock.volume) },
    { label: 'P/E Ratio', value: formatRatio(stock.peRatio) },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {figures.map((figure) => (
        <Card key={figure.label} size="sm">
          <dt className="text-sm font-medium text-slate-500">{figure.label}</dt>
          <dd className="mt-2 text-xl font-bold tracking-tight text-ink-950 tabular-nums">
            {figure.value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
