import { SetAlertButton } from '../../features/alerts/components/set-alert-button.tsx';
import { FundFigures } from '../../features/fundamentals/fund-figures.tsx';
import { StockDetailPage } from '../../features/stocks/stock-detail-page.tsx';
import { WatchButton } from '../../features/watchlists/components/watch-button.tsx';

/**
 * A stock's page with the Watch and Set alert buttons of the watchlists and alerts features,
 * and, for a fund, the fund's own headline figures.
 */
export function StockDetailRoute() {
  return (
    <StockDetailPage
      figures={(stock) =>
        stock.type === 'etf' ? <FundFigures symbol={stock.symbol} volume={stock.volume} /> : null
      }
      actions={(stock) => (
        <>
          <WatchButton symbol={stock.symbol} />
          <SetAlertButton symbol={stock.symbol} price={stock.price} />
        </>
      )}
    />
  );
}

export { StockDetailRoute as Component };
