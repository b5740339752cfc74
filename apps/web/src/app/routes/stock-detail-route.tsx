import { SetAlertButton } from '../../features/alerts/components/set-alert-button.tsx';
import { StockDetailPage } from '../../features/stocks/stock-detail-page.tsx';
import { WatchButton } from '../../features/watchlists/components/watch-button.tsx';

/** A stock's page with the Watch and Set alert buttons of the watchlists and alerts features. */
export function StockDetailRoute() {
  return (
    <StockDetailPage
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
