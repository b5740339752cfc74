import { useQuery } from '@tanstack/react-query';
import { paths } from '@tickerwise/shared';
import { Link } from 'react-router';
import { MarketOverview } from '../../components/market-overview.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { stocksQuery } from './api/get-stocks.ts';
import { SecurityList } from './components/security-list.tsx';

/**
 * docs/PRODUCT.md §3.12: the five tracked stocks, the market overview, and the way to the
 * screener over the whole universe.
 */
export function StocksPage() {
  usePageTitle('Stocks');
  const list = useQuery(stocksQuery);
  return (
    <div className="space-y-8">
      <SecurityList title="Stocks" kind="stocks" searchLabel="Search stocks" list={list} />
      <p className="text-sm text-slate-600">
        Looking beyond these five?{' '}
        <Link to={paths.screener} className="font-semibold text-brand-700 hover:underline">
          Screen every US stock and ETF
        </Link>{' '}
        by statistics, returns, volatility, technical rating and checklist.
      </p>
      <MarketOverview />
    </div>
  );
}

export { StocksPage as Component };
