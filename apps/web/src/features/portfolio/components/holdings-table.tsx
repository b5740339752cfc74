import { type Holding, type MarketDataAccess, stockPath } from '@tickerwise/shared';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PriceCell, type QuotedPrice } from '../../../components/prices/price-cell.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDayChangeWord } from '../../../lib/market-status.ts';
import {
  formatMoney,
  formatSharePrice,
  formatShares,
  formatWeight,
} from '../../../lib/money-format.ts';
import { priceSourceName } from '../../../lib/price-sources.ts';
import { useEntitlements } from '../../../lib/session/use-entitlements.ts';
import { moveHighlight, usePriceMove } from '../../../lib/use-live-quote.ts';
import { holdingQuote } from '../holding-quote.ts';
import {
  defaultHoldingSort,
  type HoldingSort,
  type HoldingSortKey,
  nextSort,
  sortHoldings,
} from '../sort-holdings.ts';
import { Gain } from './gain.tsx';

const columns: { key: HoldingSortKey; label: string; align: 'left' | 'right' }[] = [
  { key: 'symbol', label: 'Holding', align: 'left' },
  { key: 'quantity', label: 'Shares', align: 'right' },
  { key: 'price', label: 'Price', align: 'right' },
  { key: 'marketValue', label: 'Value', align: 'right' },
  { key: 'dayChange', label: 'Day change', align: 'right' },
  { key: 'unrealisedGain', label: 'Unrealised gain', align: 'right' },
  { key: 'weight', label: 'Weight', align: 'right' },
];

/**
 * The holdings, sortable by any column; each links to its stock's page. Rows are put in order
 * by `orderOf` (the polled figures) so a live price moves figures in place, never a row.
 */
export function HoldingsTable({
  holdings,
  orderOf = holdings,
}: {
  holdings: readonly Holding[];
  orderOf?: readonly Holding[];
}) {
  const [sort, setSort] = useState<HoldingSort>(defaultHoldingSort);
  const order = useMemo(
    () => sortHoldings(orderOf, sort).map((holding) => holding.symbol),
    [orderOf, sort],
  );
  const sorted = useMemo(() => {
    const bySymbol = new Map(holdings.map((holding) => [holding.symbol, holding]));
    return order.flatMap((symbol) => bySymbol.get(symbol) ?? []);
  }, [holdings, order]);
  const access = useEntitlements()?.limits.marketData ?? null;

  return (
    <Card as="section" aria-labelledby="holdings-heading" className="overflow-hidden p-0! sm:p-0!">
      <div className="flex items-center justify-between gap-3 px-5 pt-5 sm:px-6">
        <h2 id="holdings-heading" className="text-base font-semibold text-ink-950">
          Holdings
        </h2>
        <SortSelect sort={sort} onSort={setSort} />
      </div>
      {/* A phone gets one card per holding; wider screens the sortable table. */}
      <ul className="mt-3 divide-y divide-slate-100 border-t border-slate-100 sm:hidden">
        {sorted.map((holding) => (
          <HoldingCard key={holding.symbol} holding={holding} access={access} />
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto contain-paint sm:block">
        <table className="w-full min-w-[760px] text-sm">
          <thead className="border-y border-slate-100 bg-slate-50/70 text-xs text-slate-500">
            <tr>
              {columns.map((column) => {
                const active = sort.key === column.key;
                const Icon = active
                  ? sort.direction === 'ascending'
                    ? ArrowUp
                    : ArrowDown
                  : ArrowUpDown;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={active ? sort.direction : 'none'}
                    className={`px-4 py-2 font-semibold first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6 ${
                      column.align === 'right' ? 'text-right' : 'text-left'
                    }`}
                  >
                    <button
                      type="button"
                      onClick={() => setSort((current) => nextSort(current, column.key))}
                      className={`inline-flex items-center gap-1 rounded hover:text-ink-950 ${
                        active ? 'text-ink-950' : ''
                      }`}
                    >
                      {column.label}
                      <Icon aria-hidden="true" className="size-3.5" />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 tabular-nums">
            {sorted.map((holding) => (
              <HoldingRow key={holding.symbol} holding={holding} access={access} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

const sortChoices: { value: string; label: string; sort: HoldingSort }[] = [
  { value: 'value', label: 'Largest value', sort: defaultHoldingSort },
  { value: 'today', label: 'Day change', sort: { key: 'dayChange', direction: 'descending' } },
  {
    value: 'gain',
    label: 'Unrealised gain',
    sort: { key: 'unrealisedGain', direction: 'descending' },
  },
  { value: 'symbol', label: 'Symbol', sort: { key: 'symbol', direction: 'ascending' } },
];

/** The phone's sort control (the table sorts by its column headers). */
function SortSelect({ sort, onSort }: { sort: HoldingSort; onSort: (sort: HoldingSort) => void }) {
  const current =
    sortChoices.find(
      (choice) => choice.sort.key === sort.key && choice.sort.direction === sort.direction,
    )?.value ?? '';
  return (
    <label className="flex items-center gap-2 text-xs text-slate-500 sm:hidden">
      Sort
      <select
        value={current}
        onChange={(event) => {
          const choice = sortChoices.find((item) => item.value === event.target.value);
          if (choice) onSort(choice.sort);
        }}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-ink-950"
      >
        {current === '' && <option value="">Custom</option>}
        {sortChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A phone card's price per share: the live one for a real-time plan, briefly tinted when it
 * moves (colour only, so nothing shifts).
 */
function CardPrice({ holding, quote }: { holding: Holding; quote: QuotedPrice | null }) {
  const move = usePriceMove(Number(holding.price));
  return (
    <span
      className={`-mx-0.5 px-0.5 ${moveHighlight(quote ? move : null)}`}
      data-live-price={quote ? holding.symbol : undefined}
    >
      {formatSharePrice(holding.price)}
    </span>
  );
}

function HoldingCard({ holding, access }: { holding: Holding; access: MarketDataAccess | null }) {
  const changeWord = useDayChangeWord();
  const source = holding.priceSource;
  const quote = access && holdingQuote(holding, access);
  return (
    <li className="px-5 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={stockPath(holding.symbol)}
            className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
          >
            {holding.symbol}
          </Link>
          {holding.name && (
            <span className="block truncate text-xs text-slate-500">{holding.name}</span>
          )}
        </div>
        <div className="shrink-0 text-right text-sm tabular-nums">
          <span className="font-semibold text-ink-950">{formatMoney(holding.marketValue)}</span>
          {holding.dayChange !== null && (
            <span className="block text-xs">
              <Gain value={holding.dayChange} /> {changeWord}
            </span>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-slate-500 tabular-nums">
        <span>
          {formatShares(holding.quantity)} at <CardPrice holding={holding} quote={quote} /> ·{' '}
          {formatWeight(holding.weight)}
          {(source.delayed || source.source === 'trade') && (
            <Badge tone="warning" className="ml-1.5 align-middle">
              {source.source === 'trade' ? priceSourceName('trade') : 'Delayed'}
            </Badge>
          )}
        </span>
        <span>
          Unrealised <Gain value={holding.unrealisedGain} />
        </span>
      </div>
    </li>
  );
}

function HoldingRow({ holding, access }: { holding: Holding; access: MarketDataAccess | null }) {
  const source = holding.priceSource;
  const quote = access && holdingQuote(holding, access);
  return (
    <tr className="hover:bg-slate-50/60">
      <td className="py-3 pr-4 pl-5 sm:pl-6">
        <Link
          to={stockPath(holding.symbol)}
          className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
        >
          {holding.symbol}
        </Link>
        {holding.name && (
          <span className="block max-w-[14rem] truncate text-xs text-slate-500">
            {holding.name}
          </span>
        )}
      </td>
      <td className="px-4 py-3 text-right">{formatShares(holding.quantity)}</td>
      {quote ? (
        <PriceCell quote={quote} className="px-4 py-3 font-normal" delayNoted />
      ) : (
        <td className="px-4 py-3 text-right">
          {formatSharePrice(holding.price)}
          {(source.delayed || source.source === 'trade') && (
            <span className="mt-0.5 flex justify-end">
              <Badge tone="warning">
                {source.source === 'trade' ? priceSourceName('trade') : 'Delayed'}
              </Badge>
            </span>
          )}
        </td>
      )}
      <td className="px-4 py-3 text-right font-medium text-ink-950">
        {formatMoney(holding.marketValue)}
        <span className="block text-xs font-normal text-slate-500">
          cost {formatMoney(holding.costBasis)}
        </span>
      </td>
      <td className="px-4 py-3 text-right">
        {holding.dayChange === null ? (
          <span className="text-slate-400">—</span>
        ) : (
          <Gain value={holding.dayChange} />
        )}
      </td>
      <td className="px-4 py-3 text-right">
        <Gain value={holding.unrealisedGain} />
        {holding.unrealisedGainRatio !== null && (
          <span className="block text-xs text-slate-500">
            {(holding.unrealisedGainRatio * 100).toFixed(2)}%
          </span>
        )}
      </td>
      <td className="py-3 pr-5 pl-4 text-right sm:pr-6">{formatWeight(holding.weight)}</td>
    </tr>
  );
}
