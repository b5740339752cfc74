import {
  type EarningsResponse,
  type EarningsWeek,
  type EarningsWeekItem,
  earningsWeekDays,
  earningsWeekSymbolLimit,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../../modules/auth/auth.ts';
import { requireUser } from '../../modules/auth/guard.ts';
import { addDays } from '../calendar/days.ts';
import type { MarketService } from '../quotes/service.ts';
import type { Security } from '../symbols/service.ts';
import type { ResearchService } from './research-service.ts';

/** The symbols a user follows: held by a real portfolio, and listed on a watchlist. */
export interface FollowedSymbols {
  held(userId: string): Promise<ReadonlySet<string>>;
  /** In the order of the user's lists. */
  watched(userId: string): Promise<readonly string[]>;
}

const hourOrder = { bmo: 0, dmh: 1, amc: 2 } as const;

/**
 * "Earnings this week" (docs/PRODUCT.md §3.11): the reports of the next seven days of the
 * stocks a user holds or watches. One read of the research service's kept earnings per stock
 * (the same answer the stock page shows, asked of the source at most every six hours for all
 * users), at most `earningsWeekSymbolLimit` stocks, held ones first.
 */
export async function earningsWeek(
  research: ResearchService,
  market: Pick<MarketService, 'security'>,
  held: ReadonlySet<string>,
  watched: readonly string[],
): Promise<EarningsWeek> {
  const from = research.today();
  const to = addDays(from, earningsWeekDays - 1);
  const watchedSet = new Set(watched);
  const symbols = [...new Set([...[...held].sort(), ...watched])];
  const securities = (
    await Promise.all(symbols.map((symbol) => market.security(symbol).catch(() => null)))
  ).filter((security): security is Security => security?.type === 'stock');
  const base = { from, to, stocks: securities.length, missing: [] as string[], items: [] };
  if (!research.offersEarnings) {
    return {
      ...base,
      checked: 0,
      source: null,
      asOf: null,
      status: 'not_offered',
      message:
        'Earnings dates come from Finnhub. This server runs offline on simulated prices, so it shows none.',
    };
  }
  const checked = securities.slice(0, earningsWeekSymbolLimit);
  const answers = await Promise.all(
    checked.map(async (security) => ({ security, answer: await research.earnings(security) })),
  );
  const items: EarningsWeekItem[] = [];
  const missing: string[] = [];
  let stale = 0;
  let oldest: string | null = null;
  for (const { security, answer } of answers) {
    if (answer.status === 'unavailable') {
      missing.push(security.symbol);
      continue;
    }
    if (answer.status === 'stale') stale += 1;
    if (answer.asOf && (oldest === null || answer.asOf < oldest)) oldest = answer.asOf;
    const next = answer.next;
    if (next && next.date >= from && next.date <= to) {
      items.push({
        ...next,
        symbol: security.symbol,
        name: security.name,
        held: held.has(security.symbol),
        watched: watchedSet.has(security.symbol),
      });
    }
  }
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.hour ? hourOrder[a.hour] : 3) - (b.hour ? hourOrder[b.hour] : 3) ||
      a.symbol.localeCompare(b.symbol),
  );
  return {
    ...base,
    checked: checked.length,
    source: 'finnhub',
    asOf: oldest,
    status: standingOf(checked.length, missing.length, stale),
    message: messageOf(checked.length, securities.length, missing, stale),
    missing: missing.sort(),
    items,
  };
}

function standingOf(checked: number, missing: number, stale: number): EarningsResponse['status'] {
  if (checked > 0 && missing === checked) return 'unavailable';
  if (missing > 0 || stale > 0) return 'stale';
  return 'ok';
}

function messageOf(
  checked: number,
  stocks: number,
  missing: readonly string[],
  stale: number,
): string | null {
  const parts: string[] = [];
  if (checked > 0 && missing.length === checked) {
    parts.push(
      'Finnhub could not be reached for these earnings dates. Please try again in a few minutes.',
    );
  } else if (missing.length > 0) {
    parts.push(
      `Finnhub could not be reached for ${missing.join(', ')}, so ${missing.length === 1 ? 'its dates are' : 'their dates are'} not listed.`,
    );
  }
  if (stale > 0) {
    parts.push('Some dates are as of the time shown: Finnhub could not be reached just now.');
  }
  if (stocks > checked && checked > 0) {
    parts.push(`The first ${checked} of your ${stocks} stocks are checked.`);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

export interface EarningsWeekRoutesOptions {
  auth: Auth;
  market: MarketService;
  research: ResearchService;
  followed: FollowedSymbols;
}

/** `GET /api/earnings/week` for the signed-in user; never a 5xx for the source. */
export const earningsWeekRoutes: FastifyPluginAsync<EarningsWeekRoutesOptions> = async (
  app,
  { auth, market, research, followed },
) => {
  app.get(
    '/api/earnings/week',
    { config: { access: 'user' } },
    async (request, reply): Promise<EarningsWeek> => {
      const user = await requireUser(auth, request);
      const [held, watched] = await Promise.all([
        followed.held(user.id),
        followed.watched(user.id),
      ]);
      reply.header('cache-control', 'private, no-cache');
      return earningsWeek(research, market, held, watched);
    },
  );
};
