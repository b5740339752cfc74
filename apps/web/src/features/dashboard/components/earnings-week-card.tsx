import {
  type EarningsWeek,
  type EarningsWeekItem,
  paths,
  researchSourceText,
  stockPath,
} from '@tickerwise/shared';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMoment } from '../../../lib/price-sources.ts';
import { useEarningsWeek } from '../api/get-earnings-week.ts';

const weekday = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** "Tue, Mar 17" for a YYYY-MM-DD day. */
const formatWeekday = (date: string) => weekday.format(new Date(`${date}T00:00:00Z`));

const hourText = {
  bmo: 'Before the open',
  amc: 'After the close',
  dmh: 'During market hours',
} as const;

/** "EPS est. $1.62", or nothing when the calendar has no estimate. */
function estimateText(value: number | null): string | null {
  if (value === null) return null;
  const sign = value < 0 ? '−' : '';
  return `EPS est. ${sign}$${Math.abs(value).toFixed(2)}`;
}

/**
 * docs/PRODUCT.md §3.11: the next seven days' earnings reports of the stocks the user holds
 * or watches, with their source and time; offline it says there is no source.
 */
export function EarningsWeekCard() {
  const query = useEarningsWeek();
  const week = query.data;
  return (
    <Card as="section" aria-labelledby="earnings-week-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2
          id="earnings-week-heading"
          className="flex items-center gap-2 text-base font-semibold text-ink-950"
        >
          <CalendarClock aria-hidden="true" className="size-5 text-brand-700" />
          Earnings this week
        </h2>
        {week && (
          <p className="text-xs text-slate-500">
            {formatWeekday(week.from)} to {formatWeekday(week.to)}
          </p>
        )}
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading this week's earnings">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : query.isError ? (
          <ErrorState
            title="Earnings dates could not be loaded."
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          >
            {query.error.message}
          </ErrorState>
        ) : (
          <WeekBody week={week!} />
        )}
      </div>
    </Card>
  );
}

function WeekBody({ week }: { week: EarningsWeek }) {
  if (week.status === 'not_offered') {
    return <p className="text-sm text-slate-500">{week.message}</p>;
  }
  if (week.stocks === 0) {
    return (
      <EmptyState
        size="compact"
        title="No stocks to follow yet"
        description="The earnings dates of the stocks in your portfolios and watchlists show here."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link
              to={paths.watchlist}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              Open your watchlist
            </Link>
            <Link
              to={paths.portfolio}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              Open your portfolio
            </Link>
          </div>
        }
      />
    );
  }
  return (
    <>
      {week.message && (
        <Alert tone="warning" className="mb-3">
          {week.message}
        </Alert>
      )}
      {week.items.length === 0 ? (
        week.status !== 'unavailable' && (
          <p className="text-sm text-slate-500">
            {week.checked === 1
              ? `Your stock does not report earnings by ${formatWeekday(week.to)}.`
              : `None of your ${week.checked} stocks report earnings by ${formatWeekday(week.to)}.`}
          </p>
        )
      ) : (
        <ul className="divide-y divide-slate-100">
          {week.items.map((item) => (
            <ReportRow key={item.symbol} item={item} />
          ))}
        </ul>
      )}
      {week.source && (
        <p className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-500">
          Source: {researchSourceText[week.source]}
          {week.asOf && ` · as of ${formatMoment(week.asOf)}`}
        </p>
      )}
    </>
  );
}

function ReportRow({ item }: { item: EarningsWeekItem }) {
  const estimate = estimateText(item.epsEstimate);
  const hour = item.hour ? hourText[item.hour] : 'Time not given';
  return (
    <li className="flex items-start gap-3 py-2.5 sm:items-center">
      <time
        dateTime={item.date}
        className="w-24 shrink-0 pt-0.5 text-sm font-semibold whitespace-nowrap text-ink-900 tabular-nums sm:pt-0"
      >
        {formatWeekday(item.date)}
      </time>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={stockPath(item.symbol)}
            className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
          >
            {item.symbol}
          </Link>
          {item.held && <Badge tone="success">Held</Badge>}
          {item.watched && <Badge tone="outline">Watched</Badge>}
        </div>
        <p className="truncate text-xs text-slate-500" title={item.name}>
          {item.name} · Q{item.quarter} {item.year}
        </p>
        {/* On a phone the time and estimate go under the name, where there is room. */}
        <p className="text-xs text-slate-600 sm:hidden">
          {hour}
          {estimate && ` · ${estimate}`}
        </p>
      </div>
      <div className="hidden shrink-0 text-right text-xs text-slate-600 sm:block">
        <p>{hour}</p>
        {estimate && <p className="tabular-nums">{estimate}</p>}
      </div>
    </li>
  );
}
