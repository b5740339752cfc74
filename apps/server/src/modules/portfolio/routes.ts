import {
  type HoldingsResponse,
  type ImportPreview,
  type ImportProgressResponse,
  type ImportResult,
  importMaxBytes,
  importRequestSchema,
  type PerformanceResponse,
  type Portfolio,
  type PortfolioExample,
  type PortfolioList,
  type PortfolioSummary,
  performanceQuerySchema,
  portfolioInputSchema,
  type RecentTransactions,
  recentTransactionsQuerySchema,
  type TransactionPage,
  type TransactionResponse,
  teamShareSchema,
  transactionInputSchema,
  transactionPageQuerySchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Clock } from '../../clock.ts';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { PortfolioService } from './service.ts';

type PortfolioParams = { Params: { portfolioId: string } };
type TransactionParams = { Params: { portfolioId: string; transactionId: string } };

/** An import's JSON carries the whole file: room for the largest file and its quoting. */
const importBodyLimit = importMaxBytes * 2 + 64 * 1024;

const user = { config: { access: 'user' as const } };

/** A file name from the portfolio's name (letters, digits and dashes only) and `now`'s day. */
/**
 * `{portfolio}-{what}-{day}.csv`; a team portfolio's file starts with the team's name, so a
 * member's download says whose it is.
 */
function fileName(portfolio: Portfolio, what: string, now: Date): string {
  const slugOf = (name: string) =>
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase();
  const slug = slugOf(portfolio.name) || 'portfolio';
  const team = portfolio.shared ? slugOf(portfolio.shared.teamName) || 'team' : null;
  const day = now.toISOString().slice(0, 10);
  return `${team ? `${team}-team-` : ''}${slug}-${what}-${day}.csv`;
}

function sendCsv(reply: FastifyReply, name: string, body: string) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${name}"`)
    .type('text/csv; charset=utf-8')
    .send(body);
}

export const portfolioRoutes: FastifyPluginAsync<{
  auth: Auth;
  portfolios: PortfolioService;
  /** What day it is for the names of exported files. */
  clock: Clock;
}> = async (app, { auth, portfolios, clock }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });

  // The worked example of the public page /features/portfolio: the same for every visitor.
  app.get(
    '/api/portfolios/example',
    { config: { access: 'public' } },
    async (_request, reply): Promise<PortfolioExample> => {
      reply.header('cache-control', 'public, max-age=60');
      return portfolios.example();
    },
  );

  app.get('/api/portfolios', user, async (request): Promise<PortfolioList> => {
    const { id } = await requireUser(auth, request);
    return portfolios.list(id);
  });

  app.post('/api/portfolios', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { name } = parseInput(portfolioInputSchema, request.body);
    return reply.status(201).send({ portfolio: await portfolios.create(id, name) });
  });

  // The practice portfolio, created with its practice cash on first use (any use after
  // answers the same portfolio).
  app.post('/api/portfolios/practice', user, async (request) => {
    const { id } = await requireUser(auth, request);
    return { portfolio: await portfolios.practice(id) };
  });

  app.post<PortfolioParams>('/api/portfolios/:portfolioId/reset', user, async (request) => {
    const { id } = await requireUser(auth, request);
    return { portfolio: await portfolios.resetPractice(id, request.params.portfolioId) };
  });

  app.get('/api/portfolios/summary', user, async (request): Promise<PortfolioSummary> => {
    const { id } = await requireUser(auth, request);
    return portfolios.summary(id);
  });

  app.get('/api/portfolios/performance', user, async (request): Promise<PerformanceResponse> => {
    const { id } = await requireUser(auth, request);
    const { range } = parseInput(performanceQuerySchema, request.query);
    return portfolios.performance(id, null, range);
  });

  app.get('/api/portfolios/activity', user, async (request): Promise<RecentTransactions> => {
    const { id } = await requireUser(auth, request);
    const { limit } = parseInput(recentTransactionsQuerySchema, request.query);
    return { transactions: await portfolios.recent(id, limit) };
  });

  app.get<PortfolioParams>('/api/portfolios/:portfolioId', user, async (request) => {
    const { id } = await requireUser(auth, request);
    return { portfolio: await portfolios.get(id, request.params.portfolioId) };
  });

  app.patch<PortfolioParams>('/api/portfolios/:portfolioId', user, async (request) => {
    const { id } = await requireUser(auth, request);
    const { name } = parseInput(portfolioInputSchema, request.body);
    return { portfolio: await portfolios.rename(id, request.params.portfolioId, name) };
  });

  app.delete<PortfolioParams>('/api/portfolios/:portfolioId', user, async (request, reply) => {
    const actor = await requireUser(auth, request);
    await portfolios.remove(actor, request.params.portfolioId, clock());
    return reply.status(204).send();
  });

  // Moves the portfolio into the user's team, or back out (docs/PRODUCT.md §3.26).
  app.put<PortfolioParams>('/api/portfolios/:portfolioId/team', user, async (request) => {
    const actor = await requireUser(auth, request);
    await portfolios.get(actor.id, request.params.portfolioId);
    const { shared } = parseInput(teamShareSchema, request.body);
    return {
      portfolio: await portfolios.share(actor, request.params.portfolioId, shared, clock()),
    };
  });

  app.get<PortfolioParams>(
    '/api/portfolios/:portfolioId/holdings',
    user,
    async (request): Promise<HoldingsResponse> => {
      const { id } = await requireUser(auth, request);
      return portfolios.holdings(id, request.params.portfolioId);
    },
  );

  app.get<PortfolioParams>(
    '/api/portfolios/:portfolioId/performance',
    user,
    async (request): Promise<PerformanceResponse> => {
      const { id } = await requireUser(auth, request);
      const { range } = parseInput(performanceQuerySchema, request.query);
      return portfolios.performance(id, request.params.portfolioId, range);
    },
  );

  app.get<PortfolioParams>(
    '/api/portfolios/:portfolioId/transactions',
    user,
    async (request): Promise<TransactionPage> => {
      const { id } = await requireUser(auth, request);
      const query = parseInput(transactionPageQuerySchema, request.query);
      return portfolios.transactions(id, request.params.portfolioId, query);
    },
  );

  app.post<PortfolioParams>(
    '/api/portfolios/:portfolioId/transactions',
    user,
    async (request, reply) => {
      const { id } = await requireUser(auth, request);
      const input = parseInput(transactionInputSchema, request.body);
      const transaction = await portfolios.addTransaction(id, request.params.portfolioId, input);
      return reply.status(201).send({ transaction } satisfies TransactionResponse);
    },
  );

  app.put<TransactionParams>(
    '/api/portfolios/:portfolioId/transactions/:transactionId',
    user,
    async (request): Promise<TransactionResponse> => {
      const { id } = await requireUser(auth, request);
      const input = parseInput(transactionInputSchema, request.body);
      const { portfolioId, transactionId } = request.params;
      return {
        transaction: await portfolios.updateTransaction(id, portfolioId, transactionId, input),
      };
    },
  );

  app.delete<TransactionParams>(
    '/api/portfolios/:portfolioId/transactions/:transactionId',
    user,
    async (request, reply) => {
      const { id } = await requireUser(auth, request);
      const { portfolioId, transactionId } = request.params;
      await portfolios.deleteTransaction(id, portfolioId, transactionId);
      return reply.status(204).send();
    },
  );

  app.post<PortfolioParams>(
    '/api/portfolios/:portfolioId/imports/preview',
    { ...user, bodyLimit: importBodyLimit },
    async (request): Promise<ImportPreview> => {
      const { id } = await requireUser(auth, request);
      const input = parseInput(importRequestSchema, request.body);
      return portfolios.previewImport(id, request.params.portfolioId, input);
    },
  );

  app.post<PortfolioParams>(
    '/api/portfolios/:portfolioId/imports',
    { ...user, bodyLimit: importBodyLimit },
    async (request, reply) => {
      const { id } = await requireUser(auth, request);
      const input = parseInput(importRequestSchema, request.body);
      const result = await portfolios.importFile(id, request.params.portfolioId, input);
      return reply.status(201).send(result satisfies ImportResult);
    },
  );

  // How far the user's own running import or preview into the portfolio has come (the dialog
  // asks while its request is answered); null when none runs. A running one is the user's by
  // construction and is answered from memory (the embedded database may be busy storing it);
  // otherwise the portfolio must be the user's, or it is a 404 like every other.
  app.get<PortfolioParams>(
    '/api/portfolios/:portfolioId/imports/progress',
    user,
    async (request): Promise<ImportProgressResponse> => {
      const { id } = await requireUser(auth, request);
      const { portfolioId } = request.params;
      const progress = portfolios.importProgress(id, portfolioId);
      if (progress === null) await portfolios.get(id, portfolioId);
      return { progress };
    },
  );

  app.get<PortfolioParams>(
    '/api/portfolios/:portfolioId/exports/transactions.csv',
    user,
    async (request, reply) => {
      const { id } = await requireUser(auth, request);
      const { portfolioId } = request.params;
      const portfolio = await portfolios.get(id, portfolioId);
      const csv = await portfolios.transactionsCsv(id, portfolioId);
      return sendCsv(reply, fileName(portfolio, 'transactions', clock()), csv);
    },
  );

  app.get<PortfolioParams>(
    '/api/portfolios/:portfolioId/exports/holdings.csv',
    user,
    async (request, reply) => {
      const { id } = await requireUser(auth, request);
      const { portfolioId } = request.params;
      const portfolio = await portfolios.get(id, portfolioId);
      const csv = await portfolios.holdingsCsv(id, portfolioId);
      return sendCsv(reply, fileName(portfolio, 'holdings', clock()), csv);
    },
  );
};
