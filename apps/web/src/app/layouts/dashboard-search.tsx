import { useQueryClient } from '@tanstack/react-query';
import { type SymbolMatch, stockPath } from '@tickerwise/shared';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SymbolSearch } from '../../components/symbol-search/symbol-search.tsx';
import { symbolSearchQuery } from '../../lib/symbol-search.ts';
import { dashboardSearchLook } from './dashboard-frame.tsx';
import { useSearchShortcut } from './search-shortcut.ts';

/**
 * docs/PRODUCT.md §3.10: the dashboard's symbol search; choosing a result opens that stock's
 * or ETF's page. Reachable from anywhere in the dashboard with `/` or Ctrl/Cmd+K.
 */
export function DashboardSearch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  useSearchShortcut(input);

  const search = useCallback(
    (query: string) => queryClient.fetchQuery(symbolSearchQuery(query)),
    [queryClient],
  );
  const open = useCallback(
    (match: SymbolMatch) => {
      input.current?.blur();
      navigate(stockPath(match.symbol));
    },
    [navigate],
  );

  return <SymbolSearch ref={input} search={search} onSelect={open} {...dashboardSearchLook} />;
}
