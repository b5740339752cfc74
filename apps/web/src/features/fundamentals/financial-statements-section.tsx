import type { StatementPeriod } from '@tickerwise/shared';
import { FileSpreadsheet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSecurityPage } from '../../lib/security-page-slot.ts';
import { useStatements } from './api/get-fundamentals.ts';
import { Choice } from './components/choice.tsx';
import { FundamentalsNote, FundamentalsStanding } from './components/fundamentals-note.tsx';
import { type StatementName, statementRows, statementTitles } from './statement-rows.ts';

// Chart.js loads with the first chart of the page that needs it, never before.
const RevenueEarningsChart = lazy(() => import('./components/revenue-earnings-chart.tsx'));

type Frequency = 'annual' | 'quarterly';

const unitsText = 'US dollars in millions, except per-share figures, percentages and ratios';

const frequencies = [
  { value: 'annual', label: 'Annual' },
  { value: 'quarterly', label: 'Quarterly' },
] as const;
const statements = (Object.keys(statementTitles) as StatementName[]).map((value) => ({
  value,
  label: statementTitles[value],
}));

/**
 * docs/PRODUCT.md §3.13: a company's income statement, balance sheet and cash flow, annual
 * (the trailing twelve months first) or quarterly, as a table with growth and margin rows and
 * a chart of revenue and net income; where the figures come from and as of when, and when
 * they are simulated, old or missing, why. A fund has none: the section is not shown.
 */
export function FinancialStatementsSection() {
  const { symbol, type } = useSecurityPage();
  if (type !== 'stock') return null;
  return <StatementsCard symbol={symbol} />;
}

function StatementsCard({ symbol }: { symbol: string }) {
  const query = useStatements(symbol);
  const [frequency, setFrequency] = useState<Frequency>('annual');
  const [statement, setStatement] = useState<StatementName>('income');
  const data = query.data;
  const periods = data ? (frequency === 'annual' ? data.annual : data.quarterly) : [];

  return (
    <Card as="section" aria-labelledby="statements-heading" aria-busy={!data} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="statements-heading"
          className="flex items-center gap-2 text-base font-semibold text-ink-950"
        >
          <FileSpreadsheet aria-hidden="true" className="size-5 text-brand-700" />
          Financial statements
        </h2>
        <Choice legend="Period" options={frequencies} value={frequency} onChange={setFrequency} />
      </div>
      {query.isError && !data ? (
        <ErrorState
          title="Financial statements could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        >
          {query.error?.message}
        </ErrorState>
      ) : !data ? (
        <div role="status" aria-label="Loading the financial statements" className="space-y-3">
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
        </div>
      ) : (
        <>
          <FundamentalsStanding status={data.status} source={data.source} message={data.message} />
          {periods.length === 0 ? (
            data.status === 'ok' && (
              <p className="text-sm text-slate-500">
                {data.source === 'finnhub'
                  ? `Finnhub has no ${frequency} statements of ${symbol} as reported to the SEC.`
                  : `No ${frequency} statements of ${symbol}.`}
              </p>
            )
          ) : (
            <>
              <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                <RevenueEarningsChart
                  periods={periods.filter((period) => period.kind !== 'ttm')}
                  label={`Revenue and net income of ${symbol}, ${frequency === 'annual' ? 'by fiscal year' : 'by quarter'}`}
                />
              </Suspense>
              <Choice
                legend="Statement"
                options={statements}
                value={statement}
                onChange={setStatement}
              />
              <StatementTable symbol={symbol} statement={statement} periods={periods} />
            </>
          )}
          <FundamentalsNote
            source={data.source}
            asOf={data.asOf}
            what="statements as reported to the SEC"
          />
        </>
      )}
    </Card>
  );
}

function StatementTable({
  symbol,
  statement,
  periods,
}: {
  symbol: string;
  statement: StatementName;
  periods: StatementPeriod[];
}) {
  const rows = statementRows(statement, periods);
  return (
    <div>
      <p className="pb-2 text-xs text-slate-500">
        {statementTitles[statement]} · {unitsText}
      </p>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={`${statementTitles[statement]} of ${symbol}`}
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="w-full min-w-max text-right text-sm tabular-nums">
          <caption className="sr-only">
            {statementTitles[statement]} of {symbol}, {unitsText}
          </caption>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="sticky left-0 bg-white py-1.5 pr-4 text-left font-medium">
                <span className="sr-only">Line</span>
              </th>
              {periods.map((period) => (
                <th
                  key={period.label}
                  scope="col"
                  className="px-2 py-1.5 font-semibold text-ink-900"
                >
                  {period.label}
                  <span className="block font-normal text-slate-500">
                    {period.kind === 'ttm'
                      ? `to ${shortDay(period.endDate)}`
                      : shortDay(period.endDate)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.label} className={row.derived ? 'text-slate-500' : 'text-ink-950'}>
                <th
                  scope="row"
                  className={`sticky left-0 max-w-44 bg-white py-1.5 pr-4 text-left whitespace-normal ${
                    row.derived
                      ? 'pl-3 text-xs font-normal'
                      : row.total
                        ? 'font-semibold'
                        : 'font-normal'
                  }`}
                >
                  {row.label}
                </th>
                {row.cells.map((cell, index) => (
                  <td
                    key={periods[index]?.label ?? index}
                    className={`px-2 py-1.5 ${row.derived ? 'text-xs' : ''} ${row.total ? 'font-semibold' : ''}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Sep 2025" for a period's last day. */
function shortDay(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}
