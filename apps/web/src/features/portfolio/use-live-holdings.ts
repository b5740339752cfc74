import { type HoldingsResponse, revalueHoldings } from '@tickerwise/shared';
import { useMemo } from 'react';
import { useEntitlements } from '../../lib/session/use-entitlements.ts';
import { useLivePrices } from '../../lib/use-live-prices.ts';

/**
 * The holdings answer revalued at the latest live prices, for a real-time plan: every row,
 * total, weight and allocation slice moves with a price, exactly as the server would compute
 * them. A delayed plan's answer is returned as it is, and nothing is followed live.
 */
export function useLiveHoldings(
  answer: HoldingsResponse | undefined,
): HoldingsResponse | undefined {
  const access = useEntitlements()?.limits.marketData;
  const symbols = useMemo(
    () =>
      (answer?.holdings ?? [])
        .filter((holding) => holding.priceSource.asOf !== null)
        .map((holding) => holding.symbol),
    [answer],
  );
  const prices = useLivePrices(symbols, access?.kind === 'realtime');
  return useMemo(() => answer && revalueHoldings(answer, prices), [answer, prices]);
}
