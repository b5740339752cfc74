// The Tickerwise server as `npm start` builds it (buildApp from the environment's config),
// plus a route that does no work, so a benchmark can measure the server's own overhead beside
// a real route in the same process, the public API's quote behind a session cookie, and the
// server's own time of the requests a benchmark labels.
// bench-app.ts bundles this file against the server source of the checkout being measured,
// with the production build's settings.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const config = loadConfig();
const app = await buildApp(config);
app.get('/api/bench/bare', { config: { access: 'public' } }, async () => ({ ok: true }));

// The server's own time of each request a benchmark labels (`x-bench-label`): from the moment
// Node has read its headers to the moment the last byte of the answer is handed to the socket,
// so everything the app does (hooks, handler, database, serialization, compression) and any
// wait behind other requests on the event loop, but not the time a request waits in the
// kernel before the server reads it, nor the network or the client. Read (and cleared) with
// GET /api/bench/timings: milliseconds by label.
const timings = new Map<string, number[]>();
app.server.prependListener('request', (request, response) => {
  const label = request.headers['x-bench-label'];
  if (typeof label !== 'string') return;
  const started = performance.now();
  response.once('finish', () => {
    let samples = timings.get(label);
    if (!samples) {
      samples = [];
      timings.set(label, samples);
    }
    samples.push(performance.now() - started);
  });
});
app.get('/api/bench/timings', { config: { access: 'public' } }, async (_request, reply) => {
  const taken = Object.fromEntries(timings);
  timings.clear();
  reply.header('cache-control', 'no-store');
  return taken;
});
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
