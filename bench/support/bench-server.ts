// The Tickerwise server as `npm start` builds it (buildApp from the environment's config),
// plus one route that does no work, so a benchmark can measure the server's own overhead
// beside a real route in the same process.
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const config = loadConfig();
const app = await buildApp(config);
app.get('/api/bench/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
await app.listen({ host: config.host, port: config.port });

const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
