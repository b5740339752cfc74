import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { stocksQuery } from './api/get-stocks.ts';
import { SecurityList } from './components/security-list.tsx';

/** docs/PRODUCT.md §3.12: the five tracked stocks. */
export function StocksPage() {
  usePageTitle('Stocks');
  const list = useQuery(stocksQuery);
  return <SecurityList title="Stocks" kind="stocks" searchLabel="Search stocks" list={list} />;
}

export { StocksPage as Component };
