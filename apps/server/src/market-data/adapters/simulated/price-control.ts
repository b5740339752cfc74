import type { ProviderQuote } from '../market-provider.ts';

/**
 * Prices set by hand for the simulated provider (SIMULATION_CONTROL, test servers only): the
 * quote of a steered symbol is the set price, against its real previous close, so browser
 * tests can move a price through an alert's level or watch a live price change. A price holds
 * from the instant it was set, so a delayed plan sees it only once it is as old as the delay.
 */
export class SimulatedPriceControl {
  private readonly prices = new Map<string, { price: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  set(symbol: string, price: number): void {
    this.prices.set(symbol, { price, since: this.now() });
  }

  clear(symbol: string): void {
    this.prices.delete(symbol);
  }

  /** The quote of `symbol` at `instant` (now when omitted), steered if it was by then. */
  apply(symbol: string, quote: ProviderQuote, instant = this.now()): ProviderQuote {
    const steered = this.prices.get(symbol);
    if (steered === undefined || instant < steered.since) return quote;
    const { price } = steered;
    return {
      ...quote,
      price,
      ...(quote.high === undefined ? {} : { high: Math.max(quote.high, price) }),
      ...(quote.low === undefined ? {} : { low: Math.min(quote.low, price) }),
    };
  }
}
