import {
  entitlementsFor,
  type MarketOverview,
  parseScreenQuery,
  type SavedScreensResponse,
  type ScreenerResponse,
  savedScreenInputSchema,
  savedScreenUpdateSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { AppError, parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { tierOf } from '../profiles/service.ts';
import type { MarketOverviews } from './market-overview.ts';
import type { SavedScreens } from './saved-screens.ts';
import { runScreen } from './screen-filter.ts';
import type { ScreenerTable } from './screener-table.ts';

export interface ScreenerRoutesOptions {
  auth: Auth;
  entitlements: EntitlementService;
  table: ScreenerTable;
  saved: SavedScreens;
  overviews: MarketOverviews;
}

type IdParams = { Params: { id: string } };
const user = { config: { access: 'user' as const } };
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The screener over the whole universe (filters, sort and columns in the query string), the
 * user's saved screens, and the market overview. Prices are the viewer's plan's: a delayed
 * plan's rows hold the price of its delay ago and the bars of the sessions closed for it.
 */
export const screenerRoutes: FastifyPluginAsync<ScreenerRoutesOptions> = async (
  app,
  { auth, entitlements, table, saved, overviews },
) => {
  app.get('/api/screener', user, async (request, reply): Promise<ScreenerResponse> => {
    const member = await requireUser(auth, request);
    const parsed = parseScreenQuery(request.query as Record<string, string | string[]>);
    if (!parsed.ok) {
      throw new AppError(400, 'invalid_screen', parsed.problem.message, {
        [parsed.problem.param]: parsed.problem.message,
      });
    }
    const viewed = table.rowsFor(await entitlements.marketData(member));
    const { total, rows } = runScreen(viewed.rows, parsed.screen);
    reply.header('cache-control', 'private, no-store');
    return {
      total,
      universe: viewed.rows.length,
      columns: parsed.screen.columns,
      rows,
      source: viewed.source,
      delayed: viewed.delayed,
      delayMinutes: viewed.delayMinutes,
      asOf: iso(viewed.asOf),
      closesAsOf: viewed.closesAsOf,
      withoutHistory: viewed.withoutHistory,
    };
  });

  app.get('/api/market/overview', user, async (request, reply): Promise<MarketOverview> => {
    const member = await requireUser(auth, request);
    reply.header('cache-control', 'private, no-store');
    return overviews.overviewFor(await entitlements.marketData(member));
  });

  app.get('/api/screens', user, async (request, reply): Promise<SavedScreensResponse> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    const [screens, tier] = await Promise.all([saved.list(id), tierOf(saved.db, id)]);
    return { screens, limit: entitlementsFor(tier).savedScreens };
  });

  app.post('/api/screens', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(savedScreenInputSchema, request.body);
    return reply.status(201).send({ screen: await saved.create(id, input) });
  });

  app.patch<IdParams>('/api/screens/:id', user, async (request) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(savedScreenUpdateSchema, request.body);
    return { screen: await saved.update(id, request.params.id, input) };
  });

  app.delete<IdParams>('/api/screens/:id', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    await saved.delete(id, request.params.id);
    return reply.status(204).send();
  });
};
