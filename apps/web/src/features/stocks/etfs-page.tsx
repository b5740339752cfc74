import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { etfsQuery } from './api/get-etfs.ts';
import { SecurityList } from './components/security-list.tsx';

/** docs/PRODUCT.md §3.16: the major ETFs, listed the way the Stocks page lists stocks. */
export function EtfsPage() {
  usePageTitle('ETFs');
  const list = useQuery(etfsQuery);
  return <SecurityList title="ETFs" kind="etfs" searchLabel="Search ETFs" list={list} />;
}

export { EtfsPage as Component };
