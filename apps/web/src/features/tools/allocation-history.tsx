// First: the schemas below are built with zod's compiler off (lib/zod-csp.ts).
import '../../lib/zod-csp.ts';
import {
  type AllocationMix,
  type AllocationYears,
  allocationYearsSchema,
  worstAllocationYear,
} from '@tickerwise/shared';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-client.ts';
import { AllocationHistoryBox, readingHistory } from './allocation-history-box.tsx';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; years: AllocationYears };

const percent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/**
 * The example mix's worst calendar year on our stored history of its three funds: one request,
 * with no answer of the questionnaire in it. A box of fixed height, so the result does not move.
 */
export function AllocationHistory({ allocation }: { allocation: AllocationMix }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<unknown>('/api/tools/allocation-years', { signal: controller.signal })
      .then((body) => setLoad({ state: 'ready', years: allocationYearsSchema.parse(body) }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, []);

  let text: string;
  if (load.state === 'loading') text = readingHistory;
  else if (load.state === 'failed')
    text = 'The price history could not be read just now; the mix above is still shown.';
  else {
    const { years, funds, source, asOf } = load.years;
    const worst = worstAllocationYear(years, allocation);
    const span =
      years.length > 0 ? `${years[0]?.year}–${years.at(-1)?.year}` : 'no complete year yet';
    text = worst
      ? `Its worst calendar year in our history of ${funds.stocks}, ${funds.bonds} and ${funds.cash} (${span}, prices only, dividends left out, rebalanced each January) was ${worst.year}: ${percent.format(worst.change)}.`
      : `Our history of ${funds.stocks}, ${funds.bonds} and ${funds.cash} has no complete calendar year yet.`;
    if (source === 'simulated')
      text += ' These prices are simulated for demonstration, not the real market’s.';
    if (asOf) text += ` Prices to ${asOf}.`;
    text += ' A past year does not tell what the next one will be.';
  }
  return <AllocationHistoryBox>{text}</AllocationHistoryBox>;
}
