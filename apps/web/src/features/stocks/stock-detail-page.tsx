import { paths, type Stock } from '@tickerwise/shared';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { isStockNotFound, useStock } from './api/get-stock.ts';
import { PriceHistoryChart } from './components/price-history-chart.tsx';
import { StockFigures } from './components/stock-figures.tsx';
import { StockSummary } from './components/stock-summary.tsx';
import { YearRangeBar } from './components/year-range-bar.tsx';

function BackToStocks({ label }: { label: string }) {
  return (
    <Link to={paths.stocks} className={buttonStyles({ variant: 'secondary' })}>
      <ChevronLeft className="size-4" />
      {label}
    </Link>
  );
}

interface StockDetailPageProps {
  /** Buttons beside the back link for the stock on screen (Watch, Set alert). */
  actions?: (stock: Stock) => ReactNode;
}

/** docs/PRODUCT.md §3.13: loading, then error, then the stock or 'Stock not found'. */
export function StockDetailPage({ actions }: StockDetailPageProps = {}) {
  const { symbol = '' } = useParams();
  const { data: stock, error, isPending } = useStock(symbol);
  usePageTitle(stock ? `${stock.symbol} · ${stock.name}` : 'Stock');

  if (isPending) {
    return <CenteredSpinner label="Loading stock data" className="py-24" />;
  }
  if (!stock && isStockNotFound(error)) {
    return (
      <EmptyState
        size="page"
        titleAs="h1"
        title="Stock not found"
        description="We don't track a stock with that symbol."
        action={<BackToStocks label="Return to Stocks" />}
      />
    );
  }
  if (!stock) {
    return (
      <div className="space-y-6">
        <BackToStocks label="Back to Stocks" />
        <ErrorState title={error?.message ?? 'Failed to fetch stock data'} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <BackToStocks label="Back to Stocks" />
        {actions && <div className="flex flex-wrap items-start gap-3">{actions(stock)}</div>}
      </div>
      <StockSummary stock={stock} />
      <StockFigures stock={stock} />
      <YearRangeBar price={stock.price} low={stock.yearLow} high={stock.yearHigh} />
      {stock.historicalData.length > 0 && (
        <Card as="section" aria-labelledby="price-history-heading">
          <h2 id="price-history-heading" className="mb-4 text-base font-semibold text-ink-950">
            Price History
          </h2>
          <PriceHistoryChart
            symbol={stock.symbol}
            points={stock.historicalData}
            rising={stock.change >= 0}
          />
        </Card>
      )}
    </div>
  );
}

export { StockDetailPage as Component };
