import type { ListedSymbol } from '../../reference/universe.ts';

/** How a kind of security moves over the years. */
export interface Behaviour {
  /** Expected yearly return. */
  drift: number;
  /** Yearly volatility of a typical member. */
  volatility: number;
}

/** Single stocks by GICS sector. */
const sectorBehaviour: Record<string, Behaviour> = {
  'Information Technology': { drift: 0.14, volatility: 0.3 },
  'Communication Services': { drift: 0.1, volatility: 0.28 },
  'Consumer Discretionary': { drift: 0.1, volatility: 0.3 },
  'Consumer Staples': { drift: 0.06, volatility: 0.17 },
  Energy: { drift: 0.06, volatility: 0.3 },
  Financials: { drift: 0.09, volatility: 0.25 },
  'Health Care': { drift: 0.08, volatility: 0.22 },
  Industrials: { drift: 0.09, volatility: 0.24 },
  Materials: { drift: 0.07, volatility: 0.26 },
  'Real Estate': { drift: 0.05, volatility: 0.24 },
  Utilities: { drift: 0.05, volatility: 0.18 },
};
const defaultBehaviour: Behaviour = { drift: 0.07, volatility: 0.3 };

/** Funds by asset class; a diversified fund moves less than its members. */
const assetClassBehaviour: Record<string, Behaviour> = {
  'US equity': { drift: 0.09, volatility: 0.17 },
  'International equity': { drift: 0.05, volatility: 0.17 },
  Bonds: { drift: 0, volatility: 0.06 },
  Commodities: { drift: 0.04, volatility: 0.2 },
  'Real estate': { drift: 0.03, volatility: 0.2 },
  'Sector equity': { drift: 0.09, volatility: 0.22 },
  'Thematic equity': { drift: 0.03, volatility: 0.45 },
};

/**
 * Funds by focus, where it differs from its asset class. A bond fund pays its interest out,
 * so its price hardly drifts; how much it moves grows with the maturity of what it holds.
 */
const focusBehaviour: Record<string, Behaviour> = {
  'Treasury bills': { drift: 0, volatility: 0.004 },
  'Short-term Treasury': { drift: 0, volatility: 0.02 },
  'Short-term corporate': { drift: 0.005, volatility: 0.03 },
  'Intermediate Treasury': { drift: -0.005, volatility: 0.07 },
  'Intermediate corporate': { drift: 0, volatility: 0.065 },
  'US aggregate': { drift: -0.005, volatility: 0.055 },
  'International aggregate': { drift: -0.005, volatility: 0.045 },
  'Investment-grade corporate': { drift: -0.005, volatility: 0.09 },
  'Long-term Treasury': { drift: -0.015, volatility: 0.14 },
  'High-yield corporate': { drift: 0, volatility: 0.08 },
  'Emerging-market debt': { drift: -0.005, volatility: 0.09 },
  'Inflation-protected Treasury': { drift: 0, volatility: 0.06 },
  Municipal: { drift: -0.005, volatility: 0.05 },
  Gold: { drift: 0.09, volatility: 0.15 },
  Silver: { drift: 0.07, volatility: 0.28 },
  'Crude oil': { drift: 0, volatility: 0.38 },
  'Large growth (Nasdaq-100)': { drift: 0.13, volatility: 0.22 },
  'Large growth': { drift: 0.12, volatility: 0.21 },
  'Large value': { drift: 0.07, volatility: 0.15 },
  'Small blend (Russell 2000)': { drift: 0.06, volatility: 0.23 },
  'Small blend (S&P SmallCap 600)': { drift: 0.06, volatility: 0.22 },
  'Mid blend (S&P MidCap 400)': { drift: 0.07, volatility: 0.2 },
  'Emerging markets': { drift: 0.03, volatility: 0.19 },
  Semiconductors: { drift: 0.18, volatility: 0.36 },
};

/** A sector fund moves like its sector's stocks, with their own news averaged away. */
const sectorFundCalming = 0.75;

/** A typical stock of `sector` (its members then differ around it). */
export function stockBehaviour(sector: string | null | undefined): Behaviour {
  return sectorBehaviour[sector ?? ''] ?? defaultBehaviour;
}

/** A fund, by its focus, else its sector's stocks for a sector fund, else its asset class. */
export function fundBehaviour(listing: ListedSymbol): Behaviour {
  const focus = focusBehaviour[listing.industry ?? ''];
  if (focus) return focus;
  const sector = sectorBehaviour[listing.industry ?? ''];
  if (listing.sector === 'Sector equity' && sector) {
    return { drift: sector.drift, volatility: sector.volatility * sectorFundCalming };
  }
  return assetClassBehaviour[listing.sector ?? ''] ?? defaultBehaviour;
}

/**
 * The market factor: every symbol's daily shock is its correlation with the market times the
 * market's shock, plus its own news, so its beta to SPY is correlation x its volatility / the
 * market's. The market is the S&P 500 funds' walk (SPY, IVV, VOO).
 */
export const marketIndustry = 'Large blend (S&P 500)';

/** A single stock's correlation with the market: lower in the defensive sectors. */
const defensiveSectors = new Set(['Utilities', 'Consumer Staples', 'Health Care', 'Real Estate']);
export function stockCorrelationRange(sector: string | null | undefined): [number, number] {
  return defensiveSectors.has(sector ?? '') ? [0.4, 0.65] : [0.5, 0.85];
}

/** A fund's correlation with the market, by its focus, else its asset class. */
const focusCorrelation: Record<string, number> = {
  'Total market': 0.99,
  'Large blend (S&P 500 equal weight)': 0.95,
  'Large growth (Nasdaq-100)': 0.92,
  'Small blend (Russell 2000)': 0.85,
  'Small blend (S&P SmallCap 600)': 0.85,
  'Mid blend (S&P MidCap 400)': 0.9,
  'High-yield corporate': 0.45,
  'Emerging-market debt': 0.3,
  'Investment-grade corporate': 0.15,
  Gold: 0.05,
  Silver: 0.2,
  'Crude oil': 0.3,
};
const assetClassCorrelation: Record<string, number> = {
  'US equity': 0.93,
  'International equity': 0.75,
  'Sector equity': 0.75,
  'Thematic equity': 0.65,
  'Real estate': 0.65,
  Bonds: 0,
  Commodities: 0.1,
};

export function fundCorrelation(listing: ListedSymbol): number {
  return (
    focusCorrelation[listing.industry ?? ''] ?? assetClassCorrelation[listing.sector ?? ''] ?? 0.5
  );
}
