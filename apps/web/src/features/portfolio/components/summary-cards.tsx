import type { PortfolioTotals } from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { formatMoney } from '../../../lib/money-format.ts';
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
      <p className="mt-2 text-2xl font-bold tracking-tight text-ink-950 tabular-nums">{value}</p>
      <div className="mt-1 text-sm text-slate-500">{children}</div>
    </Card>
  );
}

/** Value, day change, total gain, unrealised and realised gains, and cash, at a glance. */
export function SummaryCards({ totals }: { totals: PortfolioTotals }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <SummaryCard label="Total value" value={formatMoney(totals.totalValue)}>
        {totals.dayChange === null ? (
          'Day change not known yet'
        ) : (
          <>
            <Gain value={totals.dayChange} ratio={totals.dayChangeRatio} /> today
          </>
        )}
      </SummaryCard>
      <SummaryCard label="Total gain" value={formatMoney(totals.totalGain)}>
        <Gain value={totals.totalGain} ratio={totals.totalGainRatio} />
        <span className="block">on {formatMoney(totals.netContributions)} put in</span>
      </SummaryCard>
      <SummaryCard label="Unrealised gain" value={formatMoney(totals.unrealisedGain)}>
        Holdings cost {formatMoney(totals.costBasis)}
        <span className="block">
          Realised {formatMoney(totals.realisedGain)} · dividends {formatMoney(totals.dividends)}
        </span>
      </SummaryCard>
      <SummaryCard label="Cash" value={formatMoney(totals.cash)}>
        Holdings {formatMoney(totals.marketValue)}
        <span className="block">Fees paid {formatMoney(totals.fees)}</span>
      </SummaryCard>
    </div>
  );
}
