import { formatCompactNumber, type Stock, stockPath } from '@tickerwise/shared';
import { Link, useNavigate } from 'react-router';
import { ChangeCell } from '../../../components/prices/change-cell.tsx';
import { PriceCell } from '../../../components/prices/price-cell.tsx';

export type ListKind = 'stocks' | 'etfs';

const messages: Record<
  ListKind,
  { loading: string; none: string; noMatch: (search: string) => string }
> = {
  stocks: {
    loading: 'Loading stock data...',
    none: 'No stock data to show yet.',
    noMatch: (search) => `No stocks match "${search}".`,
  },
  etfs: {
    loading: 'Loading ETF data...',
    none: 'No ETF data to show yet.',
    noMatch: (search) => `No ETFs match "${search}".`,
  },
};

interface StockTableProps {
  /** Undefined while the first load runs. */
  stocks: Stock[] | undefined;
  search: string;
  kind?: ListKind;
}

const headCell = 'px-2.5 py-3 font-semibold whitespace-nowrap sm:px-6';
const cell = 'px-2.5 py-4 sm:px-6';

/**
 * docs/PRODUCT.md §3.12 and §3.16: Symbol, Name, Price, Change, Volume; a row opens the
 * security's page.
 */
export function StockTable({ stocks, search, kind = 'stocks' }: StockTableProps) {
  const navigate = useNavigate();
  const text = messages[kind];
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
          {!stocks && <MessageRow>{text.loading}</MessageRow>}
          {stocks?.length === 0 && (
            <MessageRow>{search.trim() ? text.noMatch(search.trim()) : text.none}</MessageRow>
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
                <span className="line-clamp-2 text-xs text-slate-500 sm:hidden">{stock.name}</span>
              </td>
              <td className={`${cell} hidden text-slate-700 sm:table-cell`}>{stock.name}</td>
              <PriceCell quote={stock} className={cell} delayNoted />
              <ChangeCell quote={stock} className={cell} />
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
