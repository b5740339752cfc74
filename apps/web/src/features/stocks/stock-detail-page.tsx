import { paths, type Stock } from '@tickerwise/shared';
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import type { SecurityPageContext } from '../../lib/security-page-slot.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { isStockNotFound, useStock } from './api/get-stock.ts';
import { CompanySection } from './components/company-section.tsx';
import { PriceHistorySection } from './components/price-history-section.tsx';
import { StockFigures } from './components/stock-figures.tsx';
import { StockSummary, StockSummarySkeleton } from './components/stock-summary.tsx';
import { YearRangeBar } from './components/year-range-bar.tsx';

function BackToList({ label, to }: { label: string; to: string }) {
  return (
    <Link to={to} className={buttonStyles({ variant: 'secondary' })}>
      <ChevronLeft className="size-4" />
      {label}
    </Link>
  );
}

function backLink(stock: Stock | undefined) {
  return stock?.type === 'etf'
    ? { label: 'Back to ETFs', to: paths.etfs }
    : { label: 'Back to Stocks', to: paths.stocks };
}

interface StockDetailPageProps {
  /** Buttons beside the back link for the security on screen (Watch, Set alert). */
  actions?: (stock: Stock) => ReactNode;
  /** Headline figures in place of market cap, volume and P/E (a fund's own); null keeps those. */
  figures?: (stock: Stock) => ReactNode;
}

/**
 * docs/PRODUCT.md §3.13: any US stock or ETF. Every section keeps its final size while it
 * loads; the price record, the daily bars and the company data load side by side. An unknown
 * symbol shows 'Stock not found'; a record that failed to load, an error box.
 */
export function StockDetailPage({ actions, figures }: StockDetailPageProps = {}) {
  const { symbol = '' } = useParams();
  const { data: stock, error, isPending } = useStock(symbol);
  usePageTitle(stock ? `${stock.symbol} · ${stock.name}` : symbol.toUpperCase());

  if (!stock && isStockNotFound(error)) {
    return (
      <EmptyState
        size="page"
        titleAs="h1"
        title="Stock not found"
        description="We couldn't find a US stock or ETF with that symbol."
        action={<BackToList label="Return to Stocks" to={paths.stocks} />}
      />
    );
  }
  if (!stock && !isPending) {
    return (
      <div className="space-y-6">
        <BackToList {...backLink(undefined)} />
        <ErrorState title={error?.message ?? 'Failed to fetch stock data'} />
      </div>
    );
  }

  const context: SecurityPageContext | undefined = stock && {
    symbol: stock.symbol,
    name: stock.name,
    type: stock.type,
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <BackToList {...backLink(stock)} />
        {stock && actions && (
          <div className="flex flex-wrap items-start gap-3">{actions(stock)}</div>
        )}
      </div>
      {stock ? <StockSummary stock={stock} /> : <StockSummarySkeleton />}
      {!stock && (
        <p role="status" className="sr-only">
          Loading stock data
        </p>
      )}
      {(stock && figures?.(stock)) ?? <StockFigures stock={stock} />}
      <YearRangeBar
        range={stock && { price: stock.price, low: stock.yearLow, high: stock.yearHigh }}
      />
      <PriceHistorySection symbol={symbol} />
      <CompanySection symbol={symbol} type={stock?.type ?? 'stock'} />
      {context && <Outlet context={context} />}
    </div>
  );
}
