import type { ProviderQuote } from '../modules/market/service.ts';

/**
 * Prices set by hand for the simulated provider (SIMULATION_CONTROL, test servers only): the
 * quote of a steered symbol is the set price, against its real previous close, so browser
 * tests can move a price through an alert's level.
 */
export class SimulatedPriceControl {
  private readonly prices = new Map<string, number>();

  set(symbol: string, price: number): void {
    this.prices.set(symbol, price);
  }

  clear(symbol: string): void {
    this.prices.delete(symbol);
  }

  apply(symbol: string, quote: ProviderQuote): ProviderQuote {
    const price = this.prices.get(symbol);
    if (price === undefined) return quote;
    return {
      ...quote,
      price,
      ...(quote.high === undefined ? {} : { high: Math.max(quote.high, price) }),
      ...(quote.low === undefined ? {} : { low: Math.min(quote.low, price) }),
    };
  }
}
