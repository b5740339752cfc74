import { useQuery } from '@tanstack/react-query';
import type { SecurityType } from '@tickerwise/shared';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { companyDataQuery } from '../api/get-company-data.ts';
import { type ProfileFact, profileFacts } from '../company-profile.ts';
import {
  keyStatistics,
  notAvailable,
  type StatisticGroup,
  unknownMetrics,
} from '../key-statistics.ts';
import { SourceNote } from './source-note.tsx';

const profileLabels: Record<SecurityType, string[]> = {
  stock: ['Sector', 'Industry', 'Exchange', 'Country', 'Website', 'IPO date', 'Shares outstanding'],
  etf: ['Asset class', 'Category', 'Exchange', 'Country', 'Website', 'Inception date'],
};

/**
 * docs/PRODUCT.md §3.13: "Key statistics" beside the company's profile, with where the figures
 * come from. While they load, every label is already in place with a grey value.
 */
export function CompanySection({ symbol, type }: { symbol: string; type: SecurityType }) {
  const { data, isError, error, refetch, isFetching } = useQuery(companyDataQuery(symbol));

  if (!data && isError) {
    return (
      <Card as="section" aria-labelledby="key-statistics-heading">
        <h2 id="key-statistics-heading" className="mb-4 text-base font-semibold text-ink-950">
          Key statistics
        </h2>
        <ErrorState
          title="Key statistics could not be loaded."
          onRetry={() => refetch()}
          retrying={isFetching}
        >
          {error.message}
        </ErrorState>
      </Card>
    );
  }

  const shownType = data?.profile.type ?? type;
  const groups = keyStatistics(data?.metrics ?? unknownMetrics, shownType);
  const facts: ProfileFact[] = data
    ? profileFacts(data.profile)
    : profileLabels[shownType].map((label) => ({ label, value: '' }));

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card
        as="section"
        aria-labelledby="key-statistics-heading"
        aria-busy={!data}
        className="space-y-5 lg:col-span-2"
      >
        <h2 id="key-statistics-heading" className="text-base font-semibold text-ink-950">
          Key statistics
        </h2>
        {!data && (
          <p role="status" className="sr-only">
            Loading key statistics
          </p>
        )}
        <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2">
          {groups.map((group) => (
            <StatisticList key={group.title} group={group} loading={!data} />
          ))}
        </div>
        <div className="min-h-5">
          {data && (
            <SourceNote
              subject="Figures"
              source={data.source}
              asOf={data.asOf}
              dateWord="as of"
              stale={data.stale}
            />
          )}
        </div>
      </Card>
      <Card as="section" aria-labelledby="profile-heading" aria-busy={!data}>
        <h2 id="profile-heading" className="text-base font-semibold text-ink-950">
          {shownType === 'etf' ? 'Fund profile' : 'Company profile'}
        </h2>
        <dl className="mt-3 divide-y divide-slate-100">
          {facts.map((fact) => (
            <Row key={fact.label} label={fact.label} loading={!data}>
              {fact.href ? (
                <a
                  href={fact.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                >
                  {fact.value}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : (
                fact.value
              )}
            </Row>
          ))}
        </dl>
      </Card>
    </div>
  );
}

function StatisticList({ group, loading }: { group: StatisticGroup; loading: boolean }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {group.title}
      </h3>
      <dl className="mt-1 divide-y divide-slate-100">
        {group.statistics.map((statistic) => (
          <Row key={statistic.label} label={statistic.label} loading={loading}>
            {statistic.value}
          </Row>
        ))}
      </dl>
    </div>
  );
}

function Row({
  label,
  loading,
  children,
}: {
  label: string;
  loading: boolean;
  children: ReactNode;
}) {
  const missing = children === notAvailable;
  return (
    <div className="flex items-baseline justify-between gap-4 py-2 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd
        className={`min-w-0 text-right tabular-nums ${
          missing ? 'text-slate-400' : 'font-medium text-ink-950'
        }`}
      >
        {loading ? <Skeleton className="h-4 w-14" /> : children}
      </dd>
    </div>
  );
}
