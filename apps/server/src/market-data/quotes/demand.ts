/**
 * Why someone wants a symbol's price kept fresh. `viewing`: it is on someone's screen (a
 * detail page, a list row, a live tab); `alert`: an armed alert watches it; `holding`: a
 * portfolio holds it; `watchlist`: a watchlist lists it; `other`: anything else.
 */
export type DemandReason = 'viewing' | 'alert' | 'holding' | 'watchlist' | 'other';

/**
 * How much each reason weighs: what users are looking at first, then alerts and holdings,
 * then the rest. The refresh scheduler and the trade stream both rank symbols by the sum.
 */
export const demandWeights: Readonly<Record<DemandReason, number>> = {
  viewing: 16,
  alert: 4,
  holding: 4,
  watchlist: 1,
  other: 1,
};

/** How fast the interest shown by repeated `want` calls fades: halved every 5 minutes. */
const interestHalfLifeMs = 5 * 60_000;

interface Want {
  expiresAt: number;
  /** Calls to `want`, fading with time: how many people keep asking. */
  interest: number;
  interestAt: number;
}

interface SymbolDemand {
  wants: Map<DemandReason, Want>;
  holds: Map<DemandReason, number>;
}

export interface RankedDemand {
  symbol: string;
  weight: number;
}

/**
 * Which symbols people want fresh, and how much. Every module feeds it: the market routes
 * when a page reads a price (`want`, with an expiry), a live browser tab for the symbols on
 * its screen (`hold`, until released), and the standing demand of watchlists, armed alerts and
 * portfolio holdings (`stand`, replaced at each look at the database). In memory,
 * per instance: it steers this instance's upstream calls.
 */
export class DemandRegistry {
  private readonly symbols = new Map<string, SymbolDemand>();
  /** Demand kept in the database (watchlists, armed alerts, holdings): counts per symbol. */
  private readonly standing = new Map<DemandReason, ReadonlyMap<string, number>>();

  constructor(private readonly now: () => number) {}

  /**
   * Someone wants `symbol` fresh for `ttlMs` from now. Each call adds interest (fading with
   * time), so a symbol many people keep asking for weighs more than one asked for once.
   */
  want(symbol: string, reason: DemandReason, ttlMs: number): void {
    const now = this.now();
    const demand = this.demandOf(symbol);
    const want = demand.wants.get(reason);
    if (!want || want.expiresAt <= now) {
      demand.wants.set(reason, { expiresAt: now + ttlMs, interest: 1, interestAt: now });
      return;
    }
    want.expiresAt = Math.max(want.expiresAt, now + ttlMs);
    want.interest = faded(want, now) + 1;
    want.interestAt = now;
  }

  /** Someone wants `symbol` fresh until they call the function this returns. */
  hold(symbol: string, reason: DemandReason): () => void {
    const demand = this.demandOf(symbol);
    demand.holds.set(reason, (demand.holds.get(reason) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (demand.holds.get(reason) ?? 1) - 1;
      if (count > 0) demand.holds.set(reason, count);
      else demand.holds.delete(reason);
      if (demand.holds.size === 0 && demand.wants.size === 0) this.symbols.delete(symbol);
    };
  }

  /**
   * The standing demand of `reason` is now `counts` (symbol to how many lists, alerts or
   * portfolios have it), replacing the last. Breadth counts, but slowly (1 + log2 of the
   * count), so a symbol held everywhere does not outrank the pages people have open.
   */
  stand(reason: DemandReason, counts: ReadonlyMap<string, number>): void {
    this.standing.set(reason, new Map([...counts].filter(([, count]) => count > 0)));
  }

  /** The symbol's weight now: 0 when nobody wants it. */
  weightOf(symbol: string): number {
    const demand = this.symbols.get(symbol);
    return (demand ? this.weigh(demand, this.now()) : 0) + this.standingWeight(symbol);
  }

  /** Every wanted symbol with its weight, heaviest first; forgets demand that expired. */
  ranked(): RankedDemand[] {
    const now = this.now();
    const ranked: RankedDemand[] = [];
    for (const [symbol, demand] of this.symbols) {
      const weight = this.weigh(demand, now) + this.standingWeight(symbol);
      if (weight > 0) ranked.push({ symbol, weight });
      if (demand.holds.size === 0 && demand.wants.size === 0) this.symbols.delete(symbol);
    }
    const seen = new Set(ranked.map((entry) => entry.symbol));
    for (const counts of this.standing.values()) {
      for (const symbol of counts.keys()) {
        if (seen.has(symbol)) continue;
        seen.add(symbol);
        ranked.push({ symbol, weight: this.standingWeight(symbol) });
      }
    }
    return ranked.sort((a, b) => b.weight - a.weight || a.symbol.localeCompare(b.symbol));
  }

  get size(): number {
    return this.symbols.size;
  }

  private standingWeight(symbol: string): number {
    let weight = 0;
    for (const [reason, counts] of this.standing) {
      const count = counts.get(symbol);
      if (count) weight += demandWeights[reason] * (1 + Math.log2(count));
    }
    return weight;
  }

  private weigh(demand: SymbolDemand, now: number): number {
    let weight = 0;
    for (const [reason, count] of demand.holds) weight += demandWeights[reason] * count;
    for (const [reason, want] of demand.wants) {
      if (want.expiresAt <= now) {
        demand.wants.delete(reason);
        continue;
      }
      weight += demandWeights[reason] * Math.max(1, faded(want, now));
    }
    return weight;
  }

  private demandOf(symbol: string): SymbolDemand {
    let demand = this.symbols.get(symbol);
    if (!demand) {
      demand = { wants: new Map(), holds: new Map() };
      this.symbols.set(symbol, demand);
    }
    return demand;
  }
}

function faded(want: Want, now: number): number {
  return want.interest * 2 ** (-(now - want.interestAt) / interestHalfLifeMs);
}
