import { communityRules } from '@tickerwise/shared';
import { AppError } from '../../http/errors.ts';

/** A company's size and price, as the market data has them (market cap null for a fund). */
export interface SymbolFigures {
  symbol: string;
  price: number;
  marketCap: number | null;
}

const dollars = (value: number) =>
  value >= 1e9
    ? `$${(value / 1e9).toLocaleString('en-US', { maximumFractionDigits: 1 })} billion`
    : `$${(value / 1e6).toLocaleString('en-US', { maximumFractionDigits: 0 })} million`;

/**
 * Why a post about this symbol is refused, or null when it may be posted about: companies
 * under $300 million in market value or shares under $5 are where pump-and-dump schemes live.
 */
export function smallCompanyRefusal(figures: SymbolFigures): string | null {
  const { symbol, price, marketCap } = figures;
  if (price < communityRules.minPrice) {
    return `Posts about $${symbol} are not allowed: its shares trade at $${price.toFixed(2)}, under the $${communityRules.minPrice} the community allows. Penny stocks are easy to push up and dump, so they are not discussed here.`;
  }
  if (marketCap !== null && marketCap < communityRules.minMarketCap) {
    return `Posts about $${symbol} are not allowed: its market value is ${dollars(marketCap)}, under the ${dollars(communityRules.minMarketCap)} the community allows. Small companies are easy to push up and dump, so they are not discussed here.`;
  }
  return null;
}

/** "November 30, 2026, 15:00 UTC". */
export function whenText(date: Date): string {
  const day = date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = date.toISOString().slice(11, 16);
  return `${day}, ${time} UTC`;
}

export const refusals = {
  profileRequired: () =>
    new AppError(409, 'profile_required', 'Choose a handle and display name before you post.'),
  handleTaken: (handle: string) =>
    new AppError(409, 'handle_taken', `The handle @${handle} is taken. Choose another.`, {
      handle: 'This handle is taken',
    }),
  tooManyCashtags: () =>
    new AppError(
      400,
      'too_many_cashtags',
      `A post names at most ${communityRules.cashtagsPerPost} symbols with $.`,
      { body: `At most ${communityRules.cashtagsPerPost} cashtags` },
    ),
  unknownSymbols: (symbols: readonly string[]) =>
    new AppError(
      400,
      'unknown_symbol',
      `${symbols.map((symbol) => `$${symbol}`).join(', ')} ${symbols.length === 1 ? 'is' : 'are'} not a symbol Tickerwise covers.`,
      { body: 'Unknown cashtag' },
    ),
  suspended: (until: Date, reason: string) =>
    new AppError(
      403,
      'posting_suspended',
      `A moderator suspended your posting until ${whenText(until)}: ${reason}`,
      undefined,
      undefined,
      { resetsAt: until.toISOString() },
    ),
  smallCompany: (message: string) => new AppError(422, 'small_company', message),
  linksNotYet: () =>
    new AppError(
      422,
      'links_not_yet',
      `New accounts can post links ${communityRules.newAccountHours} hours after signing up. Remove the link, or post it later.`,
    ),
  newAccountDaily: (what: 'posts' | 'replies', limit: number) =>
    new AppError(
      429,
      'new_account_limit',
      `Accounts under ${communityRules.newAccountHours} hours old may write ${limit} ${what} a day. More are possible tomorrow.`,
    ),
  tooSoon: (seconds: number) =>
    new AppError(
      429,
      'posting_too_fast',
      `New accounts wait ${communityRules.newAccountSecondsBetweenPosts} seconds between posts. Try again in ${seconds} s.`,
      undefined,
      { 'retry-after': String(seconds) },
    ),
  duplicate: () =>
    new AppError(
      409,
      'duplicate_post',
      `You posted the same text less than ${communityRules.duplicateWindowMinutes} minutes ago.`,
    ),
  editWindowClosed: () =>
    new AppError(
      409,
      'edit_window_closed',
      `Posts can be edited for ${communityRules.editWindowMinutes} minutes after posting. You can still delete it.`,
    ),
  chartSymbolNotNamed: (symbol: string) =>
    new AppError(
      422,
      'chart_symbol_not_named',
      `A chart shows a symbol the post names: add $${symbol} to the text, or chart one it names.`,
      { chart: 'Chart a symbol the post names' },
    ),
  chartUnavailable: (symbol: string) =>
    new AppError(
      422,
      'chart_unavailable',
      `Tickerwise has no stored prices of ${symbol} to draw a chart yet. Post without the chart, or try again later.`,
    ),
  chartsDaily: () =>
    new AppError(
      429,
      'chart_daily_limit',
      `You can attach a chart to ${communityRules.chartsPerDay} posts a day. Post without the chart, or attach one tomorrow.`,
    ),
  ownPost: () => new AppError(409, 'own_post', 'You cannot report your own post.'),
  badCursor: () => new AppError(400, 'bad_cursor', 'This page of the feed does not exist.'),
};
