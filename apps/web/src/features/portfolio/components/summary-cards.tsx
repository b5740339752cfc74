import type { PortfolioTotals } from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { useDayChangeWord } from '../../../lib/market-status.ts';
import {
  formatMoney,
  formatRatioChange,
  formatSignedMoney,
  isGain,
} from '../../../lib/money-format.ts';
import { Gain } from './gain.tsx';

function SummaryCard({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <Card size="sm">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-2 text-2xl font-bold tracking-tight text-ink-950 tabular-nums xl:text-xl 2xl:text-2xl">
        {value}
      </p>
      <div className="mt-1 text-sm text-slate-500">{children}</div>
    </Card>
  );
}

/**
 * Value and the day's change ("today" only during a session, docs/PRODUCT.md §7.6), total
 * gain, unrealised and realised gains, and cash.
 */
export function SummaryCards({ totals }: { totals: PortfolioTotals }) {
  const changeWord = useDayChangeWord();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      <SummaryCard label="Total value" value={formatMoney(totals.totalValue)}>
        {totals.dayChange === null ? (
          'Day change not known yet'
        ) : (
          <>
            <Gain value={totals.dayChange} ratio={totals.dayChangeRatio} /> {changeWord}
          </>
        )}
      </SummaryCard>
      <SummaryCard label="Total gain" value={formatSignedMoney(totals.totalGain)}>
        {totals.totalGainRatio !== null && (
          <span className={isGain(totals.totalGain) ? 'text-brand-700' : 'text-red-700'}>
            {formatRatioChange(totals.totalGainRatio)}{' '}
          </span>
        )}
        on {formatMoney(totals.netContributions)} put in
      </SummaryCard>
      <SummaryCard label="Unrealised gain" value={formatSignedMoney(totals.unrealisedGain)}>
        On a cost of {formatMoney(totals.costBasis)}
      </SummaryCard>
      <SummaryCard label="Realised gain" value={formatSignedMoney(totals.realisedGain)}>
        Dividends {formatMoney(totals.dividends)} · fees {formatMoney(totals.fees)}
      </SummaryCard>
      <SummaryCard label="Cash" value={formatMoney(totals.cash)}>
        Holdings {formatMoney(totals.marketValue)}
      </SummaryCard>
    </div>
  );
}
