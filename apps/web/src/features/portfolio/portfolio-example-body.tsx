import { type PortfolioExample, transactionKindLabels } from '@tickerwise/shared';
import { Badge } from '../../components/ui/badge.tsx';
import {
  formatMoney,
  formatSharePrice,
  formatShares,
  formatSignedMoney,
  formatWeight,
} from '../../lib/money-format.ts';
import { formatDay, formatMoment, priceSourceName } from '../../lib/price-sources.ts';
import { transactionDetails } from '../../lib/transaction-text.ts';
import { Gain } from './components/gain.tsx';

const cell = 'px-3 py-2 text-right tabular-nums';

/** The example's content, drawn once it has arrived: its own chunk (ADR 77). */
export function PortfolioExampleBody({ example }: { example: PortfolioExample }) {
  const { totals, prices } = example;
  const simulated = prices.sources.includes('simulated');
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
      <section aria-labelledby="example-ledger" className="min-w-0">
        <h3 id="example-ledger" className="text-lg font-semibold text-ink-950">
          What was entered
        </h3>
        <ol className="mt-3 divide-y divide-slate-100 text-sm">
          {example.transactions.map((transaction) => (
            <li
              key={`${transaction.date}-${transaction.kind}-${transaction.symbol}`}
              className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
            >
              <span>
                <span className="font-medium text-ink-950">
                  {transactionKindLabels[transaction.kind]}
                  {transaction.symbol && ` ${transaction.symbol}`}
                </span>{' '}
                <span className="text-slate-600">{transactionDetails(transaction)}</span>
              </span>
              <span className="text-slate-600 tabular-nums">
                {formatDay(transaction.date)} · {formatSignedMoney(transaction.cashEffect)}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="example-holdings" className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h3 id="example-holdings" className="text-lg font-semibold text-ink-950">
            What the portfolio shows
          </h3>
          {simulated && <Badge tone="warning">Simulated prices, not real ones</Badge>}
        </div>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">The example's holdings at today's prices</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  Holding
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  Shares
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  Price
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  Value
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  Unrealised gain
                </th>
                <th scope="col" className={`${cell} font-medium`}>
                  Weight
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {example.holdings.map((holding) => (
                <tr key={holding.symbol}>
                  <th scope="row" className="px-3 py-2 text-left font-semibold text-ink-950">
                    {holding.symbol}
                  </th>
                  <td className={cell}>{formatShares(holding.quantity)}</td>
                  <td className={cell}>{formatSharePrice(holding.price)}</td>
                  <td className={cell}>{formatMoney(holding.marketValue)}</td>
                  <td className={cell}>
                    <Gain value={holding.unrealisedGain} />
                  </td>
                  <td className={cell}>{formatWeight(holding.weight)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Total label="Total value" value={formatMoney(totals.totalValue)} />
          <Total label="Cash" value={formatMoney(totals.cash)} />
          <Total label="Realised gain" value={formatSignedMoney(totals.realisedGain)} />
          <Total label="Dividends" value={formatMoney(totals.dividends)} />
        </dl>
        <p className="mt-4 text-xs text-slate-600">
          Prices: {prices.sources.map(priceSourceName).join(', ')}
          {prices.asOf && ` · as of ${formatMoment(prices.asOf)}`}, as the Free plan sees them. The
          example is for showing how figures are worked out, not a suggestion of what to buy.
        </p>
      </section>
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-1 text-base font-semibold text-ink-950 tabular-nums">{value}</dd>
    </div>
  );
}
