/**
 * The simulated portfolio of the landing page's live card (docs/PRODUCT.md §3.1: two sample tickers
 * whose prices drift every 2 seconds, and a bar chart refreshed as often). Sample data only.
 */
export interface SampleHolding {
  symbol: string;
  name: string;
  shares: number;
  open: number;
  price: number;
}

export interface SampleMarket {
  holdings: readonly SampleHolding[];
  /** Portfolio value at each of the latest ticks, oldest first. */
  history: readonly number[];
}

export const sampleTickMs = 2_000;
const historyLength = 12;

const initialHoldings: readonly SampleHolding[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', shares: 24, open: 189.4, price: 190.62 },
  { symbol: 'MSFT', name: 'Microsoft Corp.', shares: 10, open: 415.2, price: 417.35 },
];

export function portfolioValue(holdings: readonly SampleHolding[]): number {
  return holdings.reduce((sum, holding) => sum + holding.shares * holding.price, 0);
}

/** Fixed, so the prerendered page and the first client render agree. */
export function initialSampleMarket(): SampleMarket {
  const value = portfolioValue(initialHoldings);
  const offsets = [-0.9, -0.6, -0.75, -0.4, -0.5, -0.2, -0.35, 0.1, -0.05, 0.25, 0.15, 0];
  return {
    holdings: initialHoldings,
    history: offsets.map((offset) => Math.round(value * (1 + offset / 100) * 100) / 100),
  };
}

/**
 * One tick: each price moves by 0.05 % to 0.45 % up or down (always by at least a cent, so a
 * visitor sees it change), and the new portfolio value joins the chart.
 */
export function driftSampleMarket(market: SampleMarket, random: () => number): SampleMarket {
  const holdings = market.holdings.map((holding) => {
    const direction = random() < 0.5 ? -1 : 1;
    const percent = 0.05 + random() * 0.4;
    const moved = holding.price * (1 + (direction * percent) / 100);
    const rounded = Math.round(moved * 100) / 100;
    const price = rounded === holding.price ? rounded + direction * 0.01 : rounded;
    return { ...holding, price: Math.round(price * 100) / 100 };
  });
  const value = Math.round(portfolioValue(holdings) * 100) / 100;
  return { holdings, history: [...market.history, value].slice(-historyLength) };
}

export function changePercent(from: number, to: number): number {
  return ((to - from) / from) * 100;
}
