import {
  type AlertCondition,
  alertAlreadyMetCode,
  alreadyMetQuestion,
  formatNewYorkWeekdayTime,
  formatPercentChange,
  type MarketStatus,
} from '@tickerwise/shared';
import { AppError } from '../../http/errors.ts';
import {
  type CachedQuote,
  MarketDataUnavailable,
  type MarketService,
  marketStatusAt,
  tradingDayAt,
} from '../../market-data/index.ts';
import { fireAlerts } from './alert-firing.ts';
import type { AlertStore } from './alert-store.ts';

/** The symbol's latest quote, or undefined when none can be had now. */
export async function latestQuote(
  market: Pick<MarketService, 'quote'>,
  symbol: string,
): Promise<CachedQuote | undefined> {
  try {
    return (await market.quote(symbol)).quote;
  } catch (error) {
    if (error instanceof MarketDataUnavailable) return undefined;
    throw error;
  }
}

/**
 * The latest quote of a price alert's symbol when its level is already reached (the level
 * itself counts), else undefined: also when no price can be had now, as nothing is known to be
 * reached. Day-change and indicator alerts are never "already reached": they judge what
 * happens from now on.
 */
export function reachedBy(
  quote: CachedQuote | undefined,
  condition: AlertCondition,
): CachedQuote | undefined {
  if (condition.kind !== 'price_above' && condition.kind !== 'price_below') return undefined;
  if (!quote || !(quote.price > 0)) return undefined;
  const reached =
    condition.kind === 'price_above'
      ? quote.price >= condition.level
      : quote.price <= condition.level;
  return reached ? quote : undefined;
}

/** 409 asking the user to choose: the web asks "fire now, or wait for the next crossing?". */
export function alreadyMet(symbol: string, condition: AlertCondition): AppError {
  return new AppError(409, alertAlreadyMetCode, alreadyMetQuestion(symbol, condition));
}

/** Fires a just-set price alert on the user's word, its level already reached. */
export async function fireAtOnce(
  store: AlertStore,
  alertId: string,
  condition: AlertCondition,
  quote: CachedQuote,
  now: number,
): Promise<void> {
  const change =
    quote.previousClose > 0
      ? Math.round(((quote.price - quote.previousClose) / quote.previousClose) * 10_000) / 100
      : null;
  const at = new Date(now);
  await fireAlerts(
    store.db,
    [
      {
        id: alertId,
        level: 'level' in condition ? condition.level : null,
        figures: {
          price: quote.price,
          change,
          at,
          market: marketStatusAt(now).state,
          alreadyMet: true,
        },
        value: quote.price,
      },
    ],
    tradingDayAt(now),
    at,
    store.clock(),
  );
}

const stateWords: Record<MarketStatus['state'], string> = {
  open: 'The market is open',
  pre: 'It is pre-market',
  after: 'The market has closed for the day',
  closed: 'The market is closed',
};

/**
 * What to tell the user who sets a day-change alert outside the regular session: it is judged
 * in the next one, and the last session's move is not news (docs/PRODUCT.md §3.22).
 */
export function dayChangeNotice(
  symbol: string,
  condition: AlertCondition,
  status: MarketStatus,
  quote: CachedQuote | undefined,
): string | null {
  if (condition.kind !== 'change_up' && condition.kind !== 'change_down') return null;
  if (status.state === 'open') return null;
  const parts = [
    `${stateWords[status.state]}: day-change alerts are checked during the regular session, from ${formatNewYorkWeekdayTime(status.nextOpen)}.`,
  ];
  if (quote && quote.price > 0 && quote.previousClose > 0) {
    const change = ((quote.price - quote.previousClose) / quote.previousClose) * 100;
    const when = status.state === 'after' ? "today's session" : 'the last session';
    parts.push(
      `${symbol} moved ${formatPercentChange(Math.round(change * 100) / 100)} in ${when}.`,
    );
  }
  return parts.join(' ');
}
