import { useQuery } from '@tanstack/react-query';
import type { ScreenerColumn, ScreenerResponse } from '@tickerwise/shared';
import { useSearchParams } from 'react-router';
import { UpgradeLink } from '../../components/prices/delayed-badge.tsx';
import { MarketStatusBadge } from '../../components/prices/market-status-badge.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDay, formatMoment, priceSourceName } from '../../lib/price-sources.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { screenerQuery } from './api/screener-queries.ts';
import { SavedScreensBar } from './components/saved-screens-bar.tsx';
import { ColumnChooser, ScreenFilters } from './components/screen-filters.tsx';
import { ScreenerResults } from './components/screener-results.tsx';
import { nextSort, readScreen, type ScreenState, writeScreen } from './screen-params.ts';

const pageSize = 100;

/** Where the figures come from and how late the prices are, under the results. */
function ScreenerSourceNote({ answer }: { answer: ScreenerResponse }) {
  return (
    <p className="text-xs text-slate-500">
      Prices: {priceSourceName(answer.source)} ·{' '}
      {answer.delayed ? (
        <>
          Delayed {answer.delayMinutes} min, as of {formatMoment(answer.asOf)} · <UpgradeLink />
        </>
      ) : (
        <>Real-time for your plan, as of {formatMoment(answer.asOf)}</>
      )}
      {' · '}Returns, rating and statistics on the close of{' '}
      {answer.closesAsOf ? formatDay(answer.closesAsOf) : '—'}
      {answer.withoutHistory > 0 &&
        ` · ${answer.withoutHistory} of ${answer.universe} symbols have no stored history yet, so their figures read on bars are empty`}
    </p>
  );
}

/**
 * The screener: every symbol of the universe filtered on any figure, sorted by any column,
 * with the columns the user picks. The whole screen lives in the address, so a link shares it.
 */
export function ScreenerPage() {
  usePageTitle('Screener');
  const [params, setParams] = useSearchParams();
  const state = readScreen(params);
  const search = writeScreen(state);
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const request = new URLSearchParams(search);
  request.set('limit', String(pageSize));
  if (page > 0) request.set('offset', String(page * pageSize));
  const screen = useQuery(screenerQuery(request.toString()));

  const change = (next: ScreenState) => setParams(writeScreen(next), { replace: true });
  const sortBy = (column: ScreenerColumn) => change({ ...state, sort: nextSort(state, column) });
  const open = (query: string) => setParams(new URLSearchParams(query));
  const toPage = (next: number) => {
    const copy = writeScreen(state);
    if (next > 0) copy.set('page', String(next));
    setParams(copy, { replace: true });
  };

  const invalid = screen.error instanceof ApiRequestError && screen.error.status === 400;
  const answer = screen.data;
  const pages = answer ? Math.ceil(answer.total / pageSize) : 0;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Screener</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
          Filter every US stock and ETF Tickerwise covers. The address holds your screen: share it
          as a link.
          <MarketStatusBadge />
        </p>
      </header>
      <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <ScreenFilters state={state} onChange={change} />
        <ColumnChooser state={state} onChange={change} />
        <SavedScreensBar query={search.toString()} onOpen={open} />
      </div>
      {invalid && <Alert>{(screen.error as Error).message}</Alert>}
      {screen.isError && !invalid && !answer && (
        <ErrorState
          title="The screener could not load"
          onRetry={() => screen.refetch()}
          retrying={screen.isFetching}
        />
      )}
      {!answer && screen.isPending && (
        <p className="py-12 text-center text-slate-500">Loading the screen…</p>
      )}
      {answer && (
        <div className="space-y-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {answer.total === 0
              ? 'No symbol matches every filter. Widen a range or remove a filter.'
              : `${answer.total} of ${answer.universe} symbols match.`}
          </p>
          {answer.total > 0 && (
            // While a changed screen loads, the rows shown are the last screen's: said and dimmed.
            <div
              aria-busy={screen.isPlaceholderData}
              className={screen.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <ScreenerResults answer={answer} state={state} onSort={sortBy} />
            </div>
          )}
          {pages > 1 && (
            <div className="flex items-center justify-between text-sm text-slate-600">
              <Button
                variant="secondary"
                size="sm"
                disabled={page === 0}
                onClick={() => toPage(page - 1)}
              >
                Previous
              </Button>
              <span>
                Page {page + 1} of {pages}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page + 1 >= pages}
                onClick={() => toPage(page + 1)}
              >
                Next
              </Button>
            </div>
          )}
          <ScreenerSourceNote answer={answer} />
        </div>
      )}
    </div>
  );
}

export { ScreenerPage as Component };
