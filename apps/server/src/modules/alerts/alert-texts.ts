import {
  type AlertCondition,
  alertRatingLabelText,
  daysAwayText,
  describeAlertCondition,
  type EarningsDate,
  formatPercentChange,
  formatUsd,
} from '@tickerwise/shared';
import type { MarketState } from '../../market-data/index.ts';

/** What set an alert off: the figures the notification tells. */
export interface FiringFigures {
  /** The price at that moment (a quote's, or the day's close for indicator alerts). */
  price: number;
  /** Today's change in percent, when known. */
  change?: number | null;
  /** The average, RSI or rating the alert watched. */
  average?: number;
  rsi?: number;
  rating?: string;
  /** When: the quote's time, or the trading day's close. */
  at: Date;
  /** For indicator alerts: the trading day of the bar that set it off. */
  barDate?: string;
  /** Whether the market traded when the quote came (quote alerts); a session when absent. */
  market?: MarketState;
  /** Fired at once on the user's word, the level already reached when the alert was set. */
  alreadyMet?: boolean;
}

/** What set an earnings alert off: the next report, and how many days off it is. */
export interface ReportFigures {
  report: EarningsDate;
  /** Days from today (New York) to the report's day: 0 today, 1 tomorrow. */
  daysAway: number;
  /** When it was judged. */
  at: Date;
}

const isReport = (figures: object | undefined): figures is ReportFigures =>
  figures !== undefined && 'report' in figures;

const reportHour = {
  bmo: 'before the open',
  amc: 'after the close',
  dmh: 'during market hours',
} as const;

/** How a quote outside the regular session is told: when it came, in words. */
const outsideSession: Record<Exclude<MarketState, 'open'>, string> = {
  pre: 'before the open',
  after: 'after the close',
  closed: 'the market closed',
};

const newYorkClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/**
 * "AAPL rose above $200.00": the notification's title; "AAPL is above $200.00" when it fired
 * at once on a level already reached (nothing rose).
 */
export function firingTitle(
  symbol: string,
  condition: AlertCondition,
  figures?: Pick<FiringFigures, 'alreadyMet'> | ReportFigures,
): string {
  if (isReport(figures)) return `${symbol} reports ${daysAwayText(figures.daysAway)}`;
  if (figures?.alreadyMet && condition.kind === 'price_above') {
    return `${symbol} is above ${formatUsd(condition.level)}`;
  }
  if (figures?.alreadyMet && condition.kind === 'price_below') {
    return `${symbol} is below ${formatUsd(condition.level)}`;
  }
  switch (condition.kind) {
    case 'price_above':
      return `${symbol} rose above ${formatUsd(condition.level)}`;
    case 'price_below':
      return `${symbol} fell below ${formatUsd(condition.level)}`;
    case 'change_up':
      return `${symbol} is up ${condition.percent}% or more today`;
    case 'change_down':
      return `${symbol} is down ${condition.percent}% or more today`;
    case 'crosses_above_sma':
      return `${symbol} crossed above its ${condition.period}-day average`;
    case 'crosses_below_sma':
      return `${symbol} crossed below its ${condition.period}-day average`;
    case 'rsi_above':
      return `${symbol}'s RSI 14 rose above ${condition.level}`;
    case 'rsi_below':
      return `${symbol}'s RSI 14 fell below ${condition.level}`;
    case 'rating_becomes':
      return `${symbol}'s technical rating turned ${alertRatingLabelText[condition.rating]}`;
    case 'earnings_within':
      return `${symbol} reports soon`;
  }
}

/** The notification's text: the figures, when, the alert, and the user's note. */
export function firingMessage(
  symbol: string,
  condition: AlertCondition,
  figures: FiringFigures | ReportFigures,
  note: string | null,
): string {
  if (isReport(figures)) return reportMessage(symbol, condition, figures, note);
  const parts: string[] = [];
  const market = figures.market ?? 'open';
  // "today" only for a move of today's session (docs/PRODUCT.md §7.6).
  const changeWhen = market === 'open' || market === 'after' ? 'today' : 'in the last session';
  const change =
    figures.change === null || figures.change === undefined
      ? ''
      : ` (${formatPercentChange(figures.change)} ${changeWhen})`;
  const time = `${newYorkClock.format(figures.at)} ET`;
  if (figures.barDate) {
    const day = dayFormat.format(new Date(`${figures.barDate}T00:00:00Z`));
    parts.push(`${symbol} closed at ${formatUsd(figures.price)} on ${day}.`);
  } else if (market === 'open') {
    parts.push(`${symbol} traded at ${formatUsd(figures.price)}${change} at ${time}.`);
  } else {
    parts.push(
      `${symbol} was at ${formatUsd(figures.price)}${change} at ${time}, ${outsideSession[market]}.`,
    );
  }
  if (figures.alreadyMet) parts.push('It was already past your level when the alert was set.');
  if (figures.average !== undefined) {
    parts.push(`Its ${periodOf(condition)}-day average was ${formatUsd(figures.average)}.`);
  }
  if (figures.rsi !== undefined) parts.push(`RSI 14 was ${figures.rsi.toFixed(1)}.`);
  parts.push(`Your alert: ${describeAlertCondition(condition)}.`);
  if (note) parts.push(`Note: ${note}`);
  return parts.join(' ');
}

function periodOf(condition: AlertCondition): number {
  return 'period' in condition ? condition.period : 0;
}

/**
 * "AAPL reports its Q1 2026 results on Apr 30, 2026, after the close. EPS estimate $1.62
 * (Finnhub's earnings calendar). Your alert: ..."
 */
function reportMessage(
  symbol: string,
  condition: AlertCondition,
  { report }: ReportFigures,
  note: string | null,
): string {
  const day = dayFormat.format(new Date(`${report.date}T00:00:00Z`));
  const hour = report.hour ? `, ${reportHour[report.hour]}` : '';
  const parts = [
    `${symbol} reports its Q${report.quarter} ${report.year} results on ${day}${hour}.`,
  ];
  if (report.epsEstimate !== null) {
    parts.push(`EPS estimate ${formatUsd(report.epsEstimate)} (Finnhub's earnings calendar).`);
  } else {
    parts.push("Date from Finnhub's earnings calendar.");
  }
  parts.push(`Your alert: ${describeAlertCondition(condition)}.`);
  if (note) parts.push(`Note: ${note}`);
  return parts.join(' ');
}
