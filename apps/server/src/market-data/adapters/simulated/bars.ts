import { lastClosedSession } from '../../calendar/market-calendar.ts';
import type { BarsProvider } from '../bars-provider.ts';
import { simulatedSeries } from './simulated-series.ts';

/** Offline history: the simulated series, up to the last closed session. */
export function createSimulatedBars(now: () => number = Date.now): BarsProvider {
  return {
    source: 'simulated',
    limits: [],
    async dailyBars(symbol, { from, to }) {
      const through = lastClosedSession(now());
      const last = to < through ? to : through;
      const bars = simulatedSeries(symbol, last).filter((bar) => bar.date >= from);
      return { bars: bars.map((bar) => ({ ...bar })) };
    },
  };
}
