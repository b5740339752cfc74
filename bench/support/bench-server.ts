// The Tickerwise server as `npm start` builds it (buildApp from the environment's config),
// plus a route that does no work, so a benchmark can measure the server's own overhead beside
// a real route in the same process, and the public API's quote behind a session cookie.
// bench-app.ts bundles this file against the server source of the checkout being measured,
// with the production build's settings.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const config = loadConfig();
const app = await buildApp(config);
app.get('/api/bench/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
// The public API's quote (GET /api/v1/quotes/:symbol) for a signed-in session: the same work
// behind a session cookie instead of an API key, so bench/api-v1 compares only the two checks
// (its key belongs to an Enterprise account, whose quotes are real-time). A checkout from
// before the public API has no such service, and no such route.
if ('marketData' in app) {
  app.get<{ Params: { symbol: string } }>(
    '/api/bench/quote/:symbol',
    { config: { access: 'user' } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        quote: await app.marketData.market.latestQuote({ kind: 'realtime' }, request.params.symbol),
      };
    },
  );
}
await app.listen({ host: config.host, port: config.port });

const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
