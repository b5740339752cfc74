import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatUsd, paths, stockPath, type WatchlistRow } from '@tickerwise/shared';
import {
  ArrowDown,
  ArrowUp,
  BellRing,
  ChevronDown,
  ChevronsUpDown,
  ChevronUp,
  GripVertical,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChangeCell } from '../../../components/prices/change-cell.tsx';
import { ChangeIndicator } from '../../../components/prices/change-indicator.tsx';
import { DelayedBadge } from '../../../components/prices/delayed-badge.tsx';
import { PriceCell } from '../../../components/prices/price-cell.tsx';
import { iconButtonStyles } from '../../../components/ui/button.tsx';
import { moveHighlight, useLiveQuote, usePriceMove } from '../../../lib/use-live-quote.ts';
import { RatingBadge } from './rating-badge.tsx';
import { rowQuote } from './row-quote.ts';
import { monthChange, type SortKey, type SortOrder, sortRows } from './sort-rows.ts';
import { Sparkline } from './sparkline.tsx';

interface WatchlistTableProps {
  rows: readonly WatchlistRow[];
  sort: SortOrder | null;
  onSort: (sort: SortOrder | null) => void;
  /** The new order of every symbol, after a drag or a keyboard move. */
  onReorder: (symbols: string[]) => void;
  onRemove: (symbol: string) => void;
  /** A team's list the user may only read: no remove buttons. */
  readOnly?: boolean;
}

const headCell = 'px-2.5 py-3 font-semibold whitespace-nowrap sm:px-4';
const cell = 'px-2.5 py-3 sm:px-4';

const columns: { key: SortKey; label: string; align?: 'right'; className?: string }[] = [
  { key: 'symbol', label: 'Symbol' },
  { key: 'name', label: 'Name', className: 'hidden lg:table-cell' },
  { key: 'price', label: 'Price', align: 'right' },
  { key: 'change', label: 'Day', align: 'right' },
  { key: 'month', label: '1 month' },
  { key: 'rating', label: 'Rating' },
  { key: 'alerts', label: 'Alerts' },
];

/**
 * A watchlist as a table (docs/PRODUCT.md §3.21). Column headers sort it; without a
 * sort the rows are in the user's order, which the grip of each row changes by drag or by
 * keyboard (Space to lift, arrow keys to move, Space to drop).
 */
export function WatchlistTable({
  rows,
  sort,
  onSort,
  onReorder,
  onRemove,
  readOnly = false,
}: WatchlistTableProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ordered = sort === null;
  const shown = sortRows(rows, sort);
  const symbols = rows.map((row) => row.symbol);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = symbols.indexOf(String(active.id));
    const to = symbols.indexOf(String(over.id));
    if (from === -1 || to === -1) return;
    onReorder(arrayMove(symbols, from, to));
  };

  const nextSort = (key: SortKey): SortOrder | null => {
    if (sort?.key !== key)
      return { key, direction: key === 'symbol' || key === 'name' ? 'ascending' : 'descending' };
    if (sort.direction === 'descending' && key !== 'symbol' && key !== 'name') {
      return { key, direction: 'ascending' };
    }
    if (sort.direction === 'ascending' && (key === 'symbol' || key === 'name')) {
      return { key, direction: 'descending' };
    }
    return null;
  };

  const move = (symbol: string, by: -1 | 1) => {
    const from = symbols.indexOf(symbol);
    const to = from + by;
    if (from === -1 || to < 0 || to >= symbols.length) return;
    onReorder(arrayMove(symbols, from, to));
  };

  // A phone gets one card per symbol, every column on it; wider screens the table.
  // Positioned, so the screen-reader texts inside the scrolled table stay inside it too
  // (an absolute element would otherwise widen the whole page on a phone).
  return (
    <>
      <div className="rounded-2xl border border-slate-200 bg-white shadow-sm sm:hidden">
        <div className="flex items-center justify-end px-4 pt-3">
          <SortSelect sort={sort} onSort={onSort} />
        </div>
        <ul className="mt-2 divide-y divide-slate-100 border-t border-slate-100">
          {shown.map((row, index) => (
            <WatchlistCard
              key={row.symbol}
              row={row}
              onRemove={readOnly ? undefined : onRemove}
              {...(ordered
                ? {
                    onMoveUp: index > 0 ? () => move(row.symbol, -1) : undefined,
                    onMoveDown: index < shown.length - 1 ? () => move(row.symbol, 1) : undefined,
                  }
                : {})}
            />
          ))}
        </ul>
      </div>
      <div className="relative hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm sm:block">
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: {
              draggable:
                'To move this symbol, press Space, then the up and down arrow keys, then Space again to drop it, or Escape to cancel.',
            },
          }}
        >
          <table className="w-full text-left text-[13px] sm:text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="w-8 px-1 py-3 sm:px-2">
                  <span className="sr-only">Order</span>
                </th>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sort?.key === column.key ? sort.direction : 'none'}
                    className={`${headCell} ${column.align === 'right' ? 'text-right' : ''} ${column.className ?? ''}`}
                  >
                    <button
                      type="button"
                      onClick={() => onSort(nextSort(column.key))}
                      className="inline-flex items-center gap-1 rounded uppercase hover:text-ink-950"
                    >
                      {column.label}
                      <SortIcon active={sort?.key === column.key} direction={sort?.direction} />
                    </button>
                  </th>
                ))}
                <th scope="col" className="w-10 px-1 py-3">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <SortableContext items={symbols} strategy={verticalListSortingStrategy}>
              <tbody className="divide-y divide-slate-100">
                {shown.map((row) => (
                  <SortableRow key={row.symbol} row={row} reorderable={ordered}>
                    <RowCells row={row} onRemove={readOnly ? undefined : onRemove} />
                  </SortableRow>
                ))}
              </tbody>
            </SortableContext>
          </table>
        </DndContext>
      </div>
    </>
  );
}

const sortChoices: { value: string; label: string; sort: SortOrder | null }[] = [
  { value: 'own', label: 'Your order', sort: null },
  { value: 'change', label: 'Day change', sort: { key: 'change', direction: 'descending' } },
  { value: 'month', label: '1 month', sort: { key: 'month', direction: 'descending' } },
  { value: 'rating', label: 'Rating', sort: { key: 'rating', direction: 'descending' } },
  { value: 'price', label: 'Price', sort: { key: 'price', direction: 'descending' } },
  { value: 'alerts', label: 'Alerts', sort: { key: 'alerts', direction: 'descending' } },
  { value: 'symbol', label: 'Symbol', sort: { key: 'symbol', direction: 'ascending' } },
  { value: 'name', label: 'Name', sort: { key: 'name', direction: 'ascending' } },
];

/** The phone's sort control (the table sorts by its column headers). */
function SortSelect({
  sort,
  onSort,
}: {
  sort: SortOrder | null;
  onSort: (sort: SortOrder | null) => void;
}) {
  const current =
    sortChoices.find(
      (choice) => choice.sort?.key === sort?.key && choice.sort?.direction === sort?.direction,
    )?.value ?? '';
  return (
    <label className="flex items-center gap-2 text-xs text-slate-500">
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

/** A card's price and day change, live for a real-time plan as the table's cells are. */
function CardQuote({ quote }: { quote: NonNullable<ReturnType<typeof rowQuote>> }) {
  const shown = useLiveQuote(quote);
  const move = usePriceMove(shown.price);
  return (
    <>
      <span className="inline-flex items-center gap-1.5 font-semibold text-ink-950">
        <DelayedBadge quote={{ ...shown, delayed: false }} />
        <span className={`px-1 ${moveHighlight(move)}`} data-live-price={shown.symbol}>
          {formatUsd(shown.price)}
        </span>
      </span>
      <ChangeIndicator change={shown.change} className="justify-end text-xs" />
    </>
  );
}

/** One symbol on a phone: every column of the table, and the moves the grip makes. */
function WatchlistCard({
  row,
  onRemove,
  onMoveUp,
  onMoveDown,
}: {
  row: WatchlistRow;
  /** Absent on a team's list the user may only read. */
  onRemove: ((symbol: string) => void) | undefined;
  onMoveUp?: (() => void) | undefined;
  onMoveDown?: (() => void) | undefined;
}) {
  const quote = rowQuote(row);
  const month = monthChange(row);
  return (
    <li className="px-4 py-3" data-watchlist-card={row.symbol}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={stockPath(row.symbol)}
            className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
          >
            {row.symbol}
          </Link>
          <span className="block truncate text-xs text-slate-500">{row.name}</span>
        </div>
        <div className="flex shrink-0 items-start gap-1">
          <div className="text-right text-sm tabular-nums">
            {quote ? (
              <CardQuote quote={quote} />
            ) : (
              <span className="text-slate-400" title="No price could be had yet">
                —
              </span>
            )}
          </div>
          {onRemove && (
            <button
              type="button"
              onClick={() => onRemove(row.symbol)}
              aria-label={`Remove ${row.symbol} from this watchlist`}
              className={iconButtonStyles('sm')}
            >
              <X className="size-4" />
            </button>
          )}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-1 text-xs text-slate-500">
        <div>
          <dt>1 month</dt>
          <dd className="flex items-center gap-1 text-slate-700 tabular-nums">
            <Sparkline symbol={row.symbol} closes={row.sparkline} width={56} height={22} />
            {month === null ? '—' : `${month >= 0 ? '+' : ''}${month.toFixed(1)}%`}
          </dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>
            <RatingBadge rating={row.rating} asOf={row.ratingAsOf} />
          </dd>
        </div>
        <div>
          <dt>Alerts</dt>
          <dd>
            {row.alerts.length === 0 ? (
              <span className="text-slate-400">None</span>
            ) : (
              <Link to={paths.alerts} className="text-slate-700 hover:text-brand-700">
                {alertsText(row)}
              </Link>
            )}
          </dd>
        </div>
      </dl>
      {(onMoveUp || onMoveDown) && (
        <div className="mt-2 flex justify-end gap-1">
          <button
            type="button"
            disabled={!onMoveUp}
            onClick={onMoveUp}
            aria-label={`Move ${row.symbol} up`}
            className={`${iconButtonStyles('sm')} disabled:opacity-30`}
          >
            <ChevronUp className="size-4" />
          </button>
          <button
            type="button"
            disabled={!onMoveDown}
            onClick={onMoveDown}
            aria-label={`Move ${row.symbol} down`}
            className={`${iconButtonStyles('sm')} disabled:opacity-30`}
          >
            <ChevronDown className="size-4" />
          </button>
        </div>
      )}
    </li>
  );
}

function SortIcon({ active, direction }: { active: boolean; direction?: SortOrder['direction'] }) {
  if (!active) return <ChevronsUpDown aria-hidden="true" className="size-3.5 opacity-50" />;
  const Arrow = direction === 'ascending' ? ArrowUp : ArrowDown;
  return <Arrow aria-hidden="true" className="size-3.5" />;
}

function SortableRow({
  row,
  reorderable,
  children,
}: {
  row: WatchlistRow;
  reorderable: boolean;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: row.symbol, disabled: !reorderable });
  return (
    <tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`bg-white ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <td className="w-8 px-1 py-3 sm:px-2">
        {reorderable ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move ${row.symbol}`}
            className={`${iconButtonStyles('sm')} cursor-grab touch-none active:cursor-grabbing`}
          >
            <GripVertical className="size-4" />
          </button>
        ) : (
          <span className="sr-only">Sorted: clear the sort to move rows</span>
        )}
      </td>
      {children}
    </tr>
  );
}

/** "2 armed", "1 fired", "1 paused": what the row's alerts are doing. */
function alertsText(row: WatchlistRow): string {
  for (const state of ['armed', 'fired', 'paused'] as const) {
    const count = row.alerts.filter((alert) => alert.state === state).length;
    if (count > 0) return `${count} ${state}`;
  }
  return `${row.alerts.length} set`;
}

function RowCells({
  row,
  onRemove,
}: {
  row: WatchlistRow;
  onRemove: ((symbol: string) => void) | undefined;
}) {
  const quote = rowQuote(row);
  return (
    <>
      <td className={cell}>
        <Link
          to={stockPath(row.symbol)}
          className="font-semibold text-ink-950 hover:text-brand-700"
        >
          {row.symbol}
        </Link>
        <span className="block max-w-36 truncate text-xs text-slate-500 lg:hidden">{row.name}</span>
      </td>
      <td className={`${cell} hidden max-w-56 truncate text-slate-700 lg:table-cell`}>
        {row.name}
      </td>
      {quote ? (
        <>
          <PriceCell quote={quote} className={`${cell} whitespace-nowrap`} delayNoted />
          <ChangeCell quote={quote} className={`${cell} whitespace-nowrap`} />
        </>
      ) : (
        <>
          <td className={`${cell} text-right text-slate-400`} title="No price could be had yet">
            —
          </td>
          <td className={`${cell} text-right text-slate-400`}>—</td>
        </>
      )}
      <td className={cell}>
        <Sparkline symbol={row.symbol} closes={row.sparkline} />
      </td>
      <td className={cell}>
        <RatingBadge rating={row.rating} asOf={row.ratingAsOf} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {row.alerts.length === 0 ? (
          <span className="text-slate-400">None</span>
        ) : (
          <Link
            to={paths.alerts}
            title={row.alerts.map((alert) => `${alert.summary} (${alert.state})`).join('\n')}
            className="inline-flex items-center gap-1 text-slate-700 hover:text-brand-700"
          >
            <BellRing aria-hidden="true" className="size-3.5" />
            {alertsText(row)}
          </Link>
        )}
      </td>
      <td className="w-10 px-1 py-3">
        {onRemove && (
          <button
            type="button"
            onClick={() => onRemove(row.symbol)}
            aria-label={`Remove ${row.symbol} from this watchlist`}
            className={iconButtonStyles('sm')}
          >
            <X className="size-4" />
          </button>
        )}
      </td>
    </>
  );
}
