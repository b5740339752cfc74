import type { SecurityType } from '@tickerwise/shared';
import { listedSymbol } from '../../reference/universe.ts';
import { priceAnchors } from './price-anchors.ts';
import { hash, normalFrom, randomStream } from './random.ts';

/**
 * Where a symbol of the offline market stands on `levelDate`: its price and, for a company,
 * its market capitalisation (shares outstanding = market cap / price). Anchored symbols take
 * their anchor; the others draw from seeded distributions shaped like the real ones: prices
 * log-normal around $120 (most between $30 and $500), S&P 500 market caps log-normal around
 * $35B between $7B and $180B (every larger one is anchored, so no unknown name outranks a
 * household one). The product's five tracked stocks have fixed figures of their own instead.
 */
export interface SimulatedLevel {
  price: number;
  /** Null for a fund: it has no market capitalisation of its own. */
  marketCap: number | null;
}

interface LogNormal {
  median: number;
  /** Standard deviation of the logarithm. */
  spread: number;
  min: number;
  max: number;
}

const stockPrice: LogNormal = { median: 120, spread: 0.85, min: 8, max: 3000 };
/** The market cap of a typical company of the list. */
export const typicalMarketCap = 35e9;
const stockMarketCap: LogNormal = {
  median: typicalMarketCap,
  spread: 0.95,
  min: 7e9,
  max: 180e9,
};
const bondFundPrice: LogNormal = { median: 80, spread: 0.25, min: 20, max: 120 };
const fundPrice: LogNormal = { median: 90, spread: 0.6, min: 15, max: 700 };

/** A draw inside [min, max]: out-of-range draws are drawn again, so the shape is kept. */
function draw(random: () => number, { median, spread, min, max }: LogNormal): number {
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const value = median * Math.exp(spread * normalFrom(random));
    if (value >= min && value <= max) return value;
  }
  return median;
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

/** `type` is the reference list's, or what a provider's search said of a symbol it lacks. */
export function simulatedLevel(
  symbol: string,
  type: SecurityType = listedSymbol(symbol)?.type ?? 'stock',
): SimulatedLevel {
  const random = randomStream(hash(`${symbol}:level`));
  const anchor = priceAnchors[symbol];
  if (type === 'etf') {
    const bonds = listedSymbol(symbol)?.sector === 'Bonds';
    const price = anchor?.price ?? draw(random, bonds ? bondFundPrice : fundPrice);
    return { price: roundCents(price), marketCap: null };
  }
  const price = anchor?.price ?? draw(random, stockPrice);
  const marketCap = anchor?.marketCap ?? draw(random, stockMarketCap);
  return { price: roundCents(price), marketCap: Math.round(marketCap) };
}
