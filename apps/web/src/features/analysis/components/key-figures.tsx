import { type KeyFigures, returnPeriodText } from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/price-sources.ts';
import {
  decimal,
  notAvailable,
  plainPercent,
  shownSign,
  signedPercent,
} from '../analysis-format.ts';

const signTone = (value: number | null) => {
  if (value === null) return 'text-slate-400';
  const sign = shownSign(value);
  return sign > 0 ? 'text-emerald-700' : sign < 0 ? 'text-red-700' : '';
};

/** Returns, risk and trend figures computed from the stored daily bars. */
export function KeyFiguresPanel({ figures }: { figures: KeyFigures }) {
  const { benchmark, maxDrawdown1y, yearRange, lastCross } = figures;
  return (
    <div className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      <FigureList title="Returns">
        {figures.returns.map((entry) => (
          <Figure
            key={entry.period}
            label={capitalise(returnPeriodText[entry.period])}
            hint={entry.from ? `since ${formatDay(entry.from)}` : 'history too short'}
            className={signTone(entry.percent)}
          >
            {signedPercent(entry.percent)}
          </Figure>
        ))}
      </FigureList>
      <div className="space-y-5">
        <FigureList title="Risk">
          <Figure label="Volatility (30 days, annualised)">
            {plainPercent(figures.volatility30d)}
          </Figure>
          <Figure
            label="Maximum drawdown (1 year)"
            hint={
              maxDrawdown1y
                ? `${formatDay(maxDrawdown1y.peak)} to ${formatDay(maxDrawdown1y.trough)}`
                : undefined
            }
          >
            {maxDrawdown1y ? `−${maxDrawdown1y.percent.toFixed(1)} %` : notAvailable}
          </Figure>
          <Figure label={`Beta to ${benchmark.symbol} (1 year)`} hint={daysHint(benchmark.days)}>
            {decimal(benchmark.beta)}
          </Figure>
          <Figure label={`Correlation to ${benchmark.symbol} (1 year)`}>
            {decimal(benchmark.correlation)}
          </Figure>
        </FigureList>
        <FigureList title="Trend">
          <Figure
            label="Position in the 52-week range"
            hint={
              yearRange ? `${yearRange.low.toFixed(2)} to ${yearRange.high.toFixed(2)}` : undefined
            }
          >
            {yearRange ? `${yearRange.position.toFixed(0)} %` : notAvailable}
          </Figure>
          <Figure
            label="Distance to the 50-day average"
            hint={figures.sma50 === null ? undefined : `average ${figures.sma50.toFixed(2)}`}
            className={signTone(figures.distanceToSma50)}
          >
            {signedPercent(figures.distanceToSma50)}
          </Figure>
          <Figure
            label="Distance to the 200-day average"
            hint={figures.sma200 === null ? undefined : `average ${figures.sma200.toFixed(2)}`}
            className={signTone(figures.distanceToSma200)}
          >
            {signedPercent(figures.distanceToSma200)}
          </Figure>
          <Figure label="Last 50/200-day cross">
            {lastCross
              ? `${lastCross.kind === 'golden' ? 'Golden cross' : 'Death cross'}, ${formatDay(lastCross.date)}`
              : 'None in the history'}
          </Figure>
        </FigureList>
      </div>
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const daysHint = (days: number) => (days > 0 ? `${days} days of paired returns` : undefined);

function FigureList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <dl className="mt-1 divide-y divide-slate-100">{children}</dl>
    </div>
  );
}

function Figure({
  label,
  hint,
  className = '',
  children,
}: {
  label: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  const missing = children === notAvailable;
  return (
    <div className="flex items-baseline justify-between gap-4 py-2 text-sm">
      <dt className="min-w-0 text-slate-600">
        {label}
        {hint && <span className="block text-xs text-slate-400">{hint}</span>}
      </dt>
      <dd
        className={`shrink-0 text-right tabular-nums ${missing ? 'text-slate-400' : `font-medium text-ink-950 ${className}`}`}
      >
        {children}
      </dd>
    </div>
  );
}
