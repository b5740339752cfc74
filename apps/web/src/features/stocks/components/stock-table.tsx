import { formatCompactNumber, formatUsd, type Stock, stockPath } from '@tickerwise/shared';
import { Link, useNavigate } from 'react-router';
import { ChangeIndicator } from './change-indicator.tsx';
import { DelayedBadge } from './delayed-badge.tsx';

interface StockTableProps {
  /** Undefined while the first load runs. */
  stocks: Stock[] | undefined;
  search: string;
}

const headCell = 'px-2.5 py-3 font-semibold whitespace-nowrap sm:px-6';
const cell = 'px-2.5 py-4 sm:px-6';

/** docs/PRODUCT.md §3.12: Symbol, Name, Price, Change, Volume; a row opens the stock. */
export function StockTable({ stocks, search }: StockTableProps) {
  const navigate = useNavigate();
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-[13px] sm:text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className={headCell}>
              Symbol
            </th>
            <th scope="col" className={`${headCell} hidden sm:table-cell`}>
              Name
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Price
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Change
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Volume
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {!stocks && <MessageRow>Loading stock data...</MessageRow>}
          {stocks?.length === 0 && (
            <MessageRow>
              {search.trim() ? `No stocks match "${search.trim()}".` : 'No stock data to show yet.'}
            </MessageRow>
          )}
          {stocks?.map((stock) => (
            <tr
              key={stock.symbol}
              onClick={() => navigate(stockPath(stock.symbol))}
              className="cursor-pointer transition-colors hover:bg-slate-50"
            >
              <td className={cell}>
                <Link
                  to={stockPath(stock.symbol)}
                  className="font-semibold text-ink-950 hover:text-brand-700"
                >
                  {stock.symbol}
                </Link>
                <span className="block text-xs text-slate-500 sm:hidden">{stock.name}</span>
              </td>
              <td className={`${cell} hidden text-slate-700 sm:table-cell`}>{stock.name}</td>
              <td className={`${cell} text-right font-medium text-ink-950 tabular-nums`}>
                <span className="inline-flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
                  {stock.delayed && <DelayedBadge updatedAt={stock.updatedAt} />}
                  {formatUsd(stock.price)}
                </span>
              </td>
              <td className={`${cell} text-right`}>
                <ChangeIndicator change={stock.change} className="justify-end" />
              </td>
              <td className={`${cell} text-right whitespace-nowrap text-slate-700 tabular-nums`}>
                {formatCompactNumber(stock.volume)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MessageRow({ children }: { children: string }) {
  return (
    <tr>
      <td colSpan={5} className="px-6 py-12 text-center text-slate-500">
        {children}
      </td>
    </tr>
  );
}
