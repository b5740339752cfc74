import {
  isTradingDay,
  newYorkTime,
  previousTradingDay,
  sessionCloseOf,
  sessionOpenMinute,
} from '../calendar/market-calendar.ts';
import type { CachedQuote } from './cached-quote.ts';

/** One price the server took in, and from when it held. */
interface Observation {
  quote: CachedQuote;
  /** The price held from here (its trade time) until the next observation. */
  validFrom: number;
}

/** A past price: the quote, and the instant it stands for. */
export interface PastQuote {
  quote: CachedQuote;
  asOf: number;
}

/** Observations closer together than this are not kept (a stream may tick every second). */
const resolutionMs = 5_000;

/**
 * The last minutes of prices per symbol, so a plan that sees prices late (Free: 15 minutes)
 * is served the price of then, never a newer one. Between two kept observations the older one
 * answers, so what is served is at most a few seconds older than asked, never younger.
 */
export class QuoteHistory {
  private readonly bySymbol = new Map<string, Observation[]>();

  /** `keepMs`: how far back prices are asked for (the longest delay of any plan, and more). */
  constructor(private readonly keepMs: number) {}

  record(symbol: string, quote: CachedQuote): void {
    let observations = this.bySymbol.get(symbol);
    if (!observations) {
      observations = [];
      this.bySymbol.set(symbol, observations);
    }
    const last = observations.at(-1);
    const unchanged = last && last.quote.price === quote.price;
    if (last && (unchanged || quote.fetchedAt - last.quote.fetchedAt < resolutionMs)) {
      // A newer confirmation of the same price extends what the last observation stands for.
      if (unchanged && quote.fetchedAt - last.quote.fetchedAt >= resolutionMs) {
        last.quote = { ...last.quote, fetchedAt: quote.fetchedAt };
      }
      return;
    }
    const tradedAt = quote.tradedAt ?? quote.fetchedAt;
    observations.push({ quote, validFrom: Math.min(tradedAt, quote.fetchedAt) });
    this.forgetOld(observations, quote.fetchedAt);
  }

  /**
   * The price as of `cutoff`: the newest observation that held then; failing that, the
   * previous close of the oldest one (a price from before it); undefined when none is known.
   */
  at(symbol: string, cutoff: number): PastQuote | undefined {
    const observations = this.bySymbol.get(symbol);
    if (!observations || observations.length === 0) return undefined;
    for (let index = observations.length - 1; index >= 0; index -= 1) {
      const { quote, validFrom } = observations[index]!;
      if (validFrom <= cutoff) return { quote, asOf: Math.min(cutoff, quote.fetchedAt) };
    }
    const oldest = observations[0]!;
    const { previousClose } = oldest.quote;
    if (!(previousClose > 0)) return undefined;
    const closedAt = previousCloseInstant(oldest.validFrom);
    return {
      quote: {
        price: previousClose,
        // What closed before that close is not known here: no change is claimed.
        previousClose,
        volume: null,
        fetchedAt: oldest.quote.fetchedAt,
        tradedAt: closedAt,
      },
      asOf: closedAt,
    };
  }

  private forgetOld(observations: Observation[], now: number): void {
    // The newest observation older than the window still answers for the window's start.
    let drop = 0;
    while (
      drop + 1 < observations.length &&
      observations[drop + 1]!.quote.fetchedAt < now - this.keepMs
    ) {
      drop += 1;
    }
    if (drop > 0) observations.splice(0, drop);
  }
}

/** The close the previous close of a quote taken at `instant` is: the session before its own. */
function previousCloseInstant(instant: number): number {
  const { date, minute } = newYorkTime(instant);
  const session =
    isTradingDay(date) && minute >= sessionOpenMinute ? date : previousTradingDay(date);
  return sessionCloseOf(previousTradingDay(session));
}
