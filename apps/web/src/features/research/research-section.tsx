import {
  type EarningsResponse,
  type Filing,
  type FilingsResponse,
  filingFormText,
  type NewsResponse,
  type ResearchStatus,
} from '@tickerwise/shared';
import { ChevronDown, Newspaper } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDay, formatMoment } from '../../lib/price-sources.ts';
import { useSecurityPage } from '../../lib/security-page-slot.ts';
import { useResearch } from './api/get-research.ts';
import { FilingSummary } from './components/filing-summary.tsx';
import { ResearchNote } from './components/research-note.tsx';
import { WhyItMoved } from './components/why-it-moved.tsx';

/**
 * docs/PRODUCT.md §3.13: a security's news, earnings and SEC filings, each with its source
 * and when it was fetched; what a panel lacks is said plainly (no source on this server, the
 * source unreachable, or nothing in the period).
 */
export function ResearchSection() {
  const { symbol, type } = useSecurityPage();
  return (
    <Card as="section" aria-labelledby="research-heading" className="space-y-6">
      <h2
        id="research-heading"
        className="flex items-center gap-2 text-base font-semibold text-ink-950"
      >
        <Newspaper aria-hidden="true" className="size-5 text-brand-700" />
        News and reports
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          {type === 'stock' && <WhyItMoved symbol={symbol} />}
          <NewsPanel symbol={symbol} />
        </div>
        <div className="space-y-6">
          {type === 'stock' && <EarningsPanel symbol={symbol} />}
          <FilingsPanel symbol={symbol} />
        </div>
      </div>
    </Card>
  );
}

function Panel({
  title,
  query,
  children,
}: {
  title: string;
  query: { isError: boolean; error: Error | null; refetch: () => unknown; isFetching: boolean };
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-3 text-sm font-semibold text-ink-950">{title}</h3>
      {query.isError ? (
        <ErrorState
          title={`${title} could not be loaded.`}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        >
          {query.error?.message}
        </ErrorState>
      ) : (
        children
      )}
    </section>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-2">
      <Skeleton className="h-5" />
      <Skeleton className="h-5" />
      <Skeleton className="h-5" />
    </div>
  );
}

/** The panel's standing, when it is not a plain fresh answer: why nothing, or why old. */
function Standing({
  status,
  message,
  empty,
}: {
  status: ResearchStatus;
  message: string | null;
  empty: string;
}) {
  if (status === 'stale') return <Alert tone="warning">{message}</Alert>;
  if (status === 'unavailable') return <Alert tone="warning">{message}</Alert>;
  if (status === 'not_offered') {
    return <p className="text-sm text-slate-500">{message}</p>;
  }
  return <p className="text-sm text-slate-500">{empty}</p>;
}

function NewsPanel({ symbol }: { symbol: string }) {
  const query = useResearch(symbol, 'news');
  const news: NewsResponse | undefined = query.data;
  return (
    <Panel title="News" query={query}>
      {!news ? (
        <Loading label="Loading the news" />
      ) : (
        <>
          {(news.items.length === 0 || news.status !== 'ok') && (
            <Standing
              status={news.status}
              message={news.message}
              empty={`No news about ${symbol} in the last 7 days.`}
            />
          )}
          {news.items.length > 0 && (
            <ul className="mt-2 divide-y divide-slate-100">
              {news.items.map((item) => (
                <li key={item.url} className="py-2.5">
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="text-sm font-medium text-ink-950 hover:text-brand-700 hover:underline"
                  >
                    {item.headline}
                  </a>
                  <p className="mt-0.5 text-xs text-slate-500">
                    {item.publisher} ·{' '}
                    <time dateTime={item.publishedAt}>{formatMoment(item.publishedAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <ResearchNote source={news.source} asOf={news.asOf} />
        </>
      )}
    </Panel>
  );
}

const hourText = { bmo: 'before the open', amc: 'after the close', dmh: 'during market hours' };

const eps = (value: number | null) => (value === null ? '—' : `$${value.toFixed(2)}`);

function EarningsPanel({ symbol }: { symbol: string }) {
  const query = useResearch(symbol, 'earnings');
  const earnings: EarningsResponse | undefined = query.data;
  return (
    <Panel title="Earnings" query={query}>
      {!earnings ? (
        <Loading label="Loading the earnings" />
      ) : (
        <>
          {(earnings.status !== 'ok' || (!earnings.next && earnings.history.length === 0)) && (
            <Standing
              status={earnings.status}
              message={earnings.message}
              empty={`No earnings report of ${symbol} is scheduled in the next 90 days, and none is on record.`}
            />
          )}
          {earnings.next && (
            <p className="mt-2 text-sm text-ink-900">
              Next report: <strong>{formatDay(earnings.next.date)}</strong>
              {earnings.next.hour && ` ${hourText[earnings.next.hour]}`} (Q{earnings.next.quarter}{' '}
              {earnings.next.year}), EPS estimate {eps(earnings.next.epsEstimate)}
            </p>
          )}
          {earnings.history.length > 0 && (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Reported earnings per share of {symbol}</caption>
                <thead className="text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      Quarter
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Estimate
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Actual
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Surprise
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {earnings.history.map((result) => (
                    <tr key={result.period}>
                      <th scope="row" className="py-1.5 font-normal">
                        Q{result.quarter} {result.year}
                      </th>
                      <td className="py-1.5 text-right tabular-nums">{eps(result.epsEstimate)}</td>
                      <td className="py-1.5 text-right tabular-nums">{eps(result.epsActual)}</td>
                      <td
                        className={`py-1.5 text-right tabular-nums ${
                          result.surprise === null
                            ? ''
                            : result.surprise >= 0
                              ? 'text-emerald-700'
                              : 'text-red-700'
                        }`}
                      >
                        {result.surprisePercent === null
                          ? '—'
                          : `${result.surprisePercent >= 0 ? '+' : '−'}${Math.abs(result.surprisePercent).toFixed(1)}%`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ResearchNote source={earnings.source} asOf={earnings.asOf} />
        </>
      )}
    </Panel>
  );
}

function FilingsPanel({ symbol }: { symbol: string }) {
  const query = useResearch(symbol, 'filings');
  const filings: FilingsResponse | undefined = query.data;
  return (
    <Panel title="SEC filings" query={query}>
      {!filings ? (
        <Loading label="Loading the filings" />
      ) : (
        <>
          {(filings.items.length === 0 || filings.status !== 'ok') && (
            <Standing
              status={filings.status}
              message={filings.message}
              empty={`No 10-K, 10-Q or 8-K filing of ${symbol} is on record.`}
            />
          )}
          {filings.items.length > 0 && (
            <ul className="mt-2 divide-y divide-slate-100">
              {filings.items.map((filing) => (
                <FilingRow key={filing.accessionNumber} symbol={symbol} filing={filing} />
              ))}
            </ul>
          )}
          <ResearchNote source={filings.source} asOf={filings.asOf} />
        </>
      )}
    </Panel>
  );
}

/** A filing: its form, its link, and its summary once the reader opens it. */
function FilingRow({ symbol, filing }: { symbol: string; filing: Filing }) {
  const [open, setOpen] = useState(false);
  const summaryId = `filing-summary-${filing.accessionNumber}`;
  return (
    <li className="py-2">
      <div className="flex items-baseline gap-3">
        <span className="w-12 shrink-0 text-xs font-semibold text-slate-600">{filing.form}</span>
        <span className="min-w-0 flex-1 text-sm">
          <a
            href={filing.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="font-medium text-ink-950 hover:text-brand-700 hover:underline"
          >
            {filingFormText[filing.form]}
            {filing.reportDate && ` for ${formatDay(filing.reportDate)}`}
          </a>
          <span className="block text-xs text-slate-500">Filed {formatDay(filing.filedOn)}</span>
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={summaryId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex shrink-0 items-center gap-1 rounded text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Summary
          <ChevronDown
            aria-hidden="true"
            className={`size-3.5 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
          <span className="sr-only">
            {' '}
            of the {filing.form} filed {formatDay(filing.filedOn)}
          </span>
        </button>
      </div>
      {open && (
        <div id={summaryId} className="mt-2 ml-15">
          <FilingSummary symbol={symbol} accession={filing.accessionNumber} />
        </div>
      )}
    </li>
  );
}
