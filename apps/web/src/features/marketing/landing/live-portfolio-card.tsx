import { Sparkles } from 'lucide-react';
import { formatSignedPercent, formatUsd } from './format.ts';
import { PortfolioBars } from './portfolio-bars.tsx';
import { changePercent, portfolioValue } from './sample-market.ts';
import { useSampleMarket } from './use-sample-market.ts';

const insight =
  'Both holdings are large-cap technology, so this portfolio sits entirely in one sector. A broad-market index fund would lower its concentration risk.';

function changeTone(value: number): string {
  return value < 0 ? 'text-rose-700' : 'text-brand-700';
}

/** docs/PRODUCT.md §3.1: the simulated live portfolio card; sample prices, not market data. */
export function LivePortfolioCard() {
  const market = useSampleMarket();
  const value = portfolioValue(market.holdings);
  const openValue = market.holdings.reduce(
    (sum, holding) => sum + holding.shares * holding.open,
    0,
  );
  const dayChange = changePercent(openValue, value);

  return (
    <section
      aria-labelledby="sample-portfolio-title"
      className="w-full rounded-3xl bg-white p-5 text-ink-950 shadow-2xl shadow-black/40 ring-1 ring-white/10 sm:p-6"
    >
      <div className="flex items-center justify-between">
        <h2 id="sample-portfolio-title" className="text-sm font-semibold text-slate-600">
          Sample portfolio
        </h2>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-800">
          <span className="size-2 rounded-full bg-brand-500 motion-safe:animate-pulse" />
          Live
        </span>
      </div>
      <p className="mt-4 text-xs font-medium text-slate-500">Portfolio value</p>
      <div className="mt-1 flex items-baseline justify-between gap-3">
        <p data-testid="sample-value" className="text-3xl font-bold tracking-tight tabular-nums">
          {formatUsd(value)}
        </p>
        <p className={`text-sm font-semibold tabular-nums ${changeTone(dayChange)}`}>
          {formatSignedPercent(dayChange)} today
        </p>
      </div>
      <div className="mt-5">
        <PortfolioBars history={market.history} />
      </div>
      <ul className="mt-5 divide-y divide-slate-100 border-y border-slate-100">
        {market.holdings.map((holding) => {
          const change = changePercent(holding.open, holding.price);
          return (
            <li key={holding.symbol} className="flex items-center gap-3 py-3">
              <span className="grid h-10 w-12 shrink-0 place-items-center rounded-xl bg-ink-950 text-[0.6875rem] font-bold tracking-wide text-white">
                {holding.symbol}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold">{holding.name}</span>
                <span className="block text-xs text-slate-500">{holding.shares} shares</span>
              </span>
              <span className="text-right tabular-nums">
                <span
                  data-testid={`sample-price-${holding.symbol}`}
                  className="block text-sm font-semibold"
                >
                  {formatUsd(holding.price)}
                </span>
                <span className={`block text-xs font-medium ${changeTone(change)}`}>
                  {formatSignedPercent(change)}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 rounded-2xl bg-ink-950 p-4 text-white">
        <p className="flex items-center gap-2 text-xs font-semibold text-brand-300">
          <Sparkles className="size-4" />
          AI insight
        </p>
        <p className="mt-1.5 text-sm leading-6 text-ink-100">{insight}</p>
      </div>
      <p className="mt-3 text-center text-xs text-slate-500">
        Sample data for illustration, updated every 2 seconds.
      </p>
    </section>
  );
}
