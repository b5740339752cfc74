import { paths } from '@tickerwise/shared';
import { Link, useParams } from 'react-router';
import { buttonClass } from '../../components/button-styles.ts';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { isStockNotFound, useStock } from './api/get-stock.ts';
import { PriceHistoryChart } from './components/price-history-chart.tsx';
import { StockFigures } from './components/stock-figures.tsx';
import { StockSummary } from './components/stock-summary.tsx';
import { StocksError } from './components/stocks-error.tsx';
import { YearRangeBar } from './components/year-range-bar.tsx';

function BackToStocks({ label }: { label: string }) {
  return (
    <Link to={paths.stocks} className={buttonClass('secondary')}>
      <ChevronLeftIcon className="size-4" />
      {label}
    </Link>
  );
}

/** SPEC.md "Stock detail": loading, then error, then the stock or 'Stock not found'. */
export function StockDetailPage() {
  const { symbol = '' } = useParams();
  const { data: stock, error, isPending } = useStock(symbol);
  usePageTitle(stock ? `${stock.symbol} · ${stock.name}` : 'Stock');

  if (isPending) {
    return (
      <div className="grid place-items-center py-24">
        <Spinner label="Loading stock data" />
      </div>
    );
  }
  if (!stock && isStockNotFound(error)) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight text-ink-950">Stock not found</h1>
        <p className="mt-2 text-slate-600">We don't track a stock with that symbol.</p>
        <div className="mt-6">
          <BackToStocks label="Return to Stocks" />
        </div>
      </section>
    );
  }
  if (!stock) {
    return (
      <div className="space-y-6">
        <BackToStocks label="Back to Stocks" />
        <StocksError message={error?.message ?? 'Failed to fetch stock data'} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <BackToStocks label="Back to Stocks" />
      <StockSummary stock={stock} />
      <StockFigures stock={stock} />
      <YearRangeBar price={stock.price} low={stock.yearLow} high={stock.yearHigh} />
      {stock.historicalData.length > 0 && (
        <section
          aria-labelledby="price-history-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="price-history-heading" className="mb-4 text-base font-semibold text-ink-950">
            Price History
          </h2>
          <PriceHistoryChart
            symbol={stock.symbol}
            points={stock.historicalData}
            rising={stock.change >= 0}
          />
        </section>
      )}
    </div>
  );
}

export { StockDetailPage as Component };
