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
import { paths, stockPath, type WatchlistRow } from '@tickerwise/shared';
import { ArrowDown, ArrowUp, BellRing, ChevronsUpDown, GripVertical, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChangeCell } from '../../../components/prices/change-cell.tsx';
import { PriceCell } from '../../../components/prices/price-cell.tsx';
import { iconButtonStyles } from '../../../components/ui/button.tsx';
import { RatingBadge } from './rating-badge.tsx';
import { rowQuote } from './row-quote.ts';
import { type SortKey, type SortOrder, sortRows } from './sort-rows.ts';
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

  // Positioned, so the screen-reader texts inside the scrolled table stay inside it too
  // (an absolute element would otherwise widen the whole page on a phone).
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
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
