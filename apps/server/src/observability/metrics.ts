import diagnostics from 'node:diagnostics_channel';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MarketHealth } from '@tickerwise/shared';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * The app's Prometheus metrics (docs/decisions/0063). Requests are counted in memory as they
 * finish: one map look-up and one histogram observation each. What lives in the database
 * (job queue, email and webhook outboxes) is read once per scrape, not per request.
 */

/** Seconds; from a cached page (a few ms) to the analyst's slowest answers. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const upstreamBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The longest a scrape waits for the database's figures before reporting it down. */
const databaseReadTimeoutMs = 2_000;

/** The route label of a request that matched no route: a page of the web app, or a 404. */
const unmatchedRoute = (status: number) => (status === 404 ? 'not found' : 'page');

/** Error codes, by request, as `sendError` wrote them (http/errors.ts). */
const errorCodes = new WeakMap<FastifyRequest, string>();

/** Notes the `{ error: { code } }` an answer carries, for the errors-by-code counter. */
export function noteErrorCode(request: FastifyRequest, code: string): void {
  errorCodes.set(request, code);
}

/**
 * What every app in this process shares: Node's own figures (event-loop delay, heap, GC, CPU)
 * and the calls made to outside services through `fetch`, seen on undici's diagnostics
 * channels, named by the origins each app's configuration gives them.
 */
interface ProcessMetrics {
  registry: Registry;
  upstreamNames: Map<string, string>;
  calls: Counter<'provider' | 'outcome'>;
  durations: Histogram<'provider'>;
}

let processMetrics: ProcessMetrics | undefined;

function processWide(): ProcessMetrics {
  if (processMetrics) return processMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const upstreamNames = new Map<string, string>();
  const calls = new Counter({
    name: 'tickerwise_upstream_calls_total',
    help: 'Calls to outside services (market data, filings, the model, mail, webhooks, billing), by outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'tickerwise_upstream_call_duration_seconds',
    help: 'Time from a call to an outside service to its answer headers (or its failure)',
    labelNames: ['provider'] as const,
    buckets: upstreamBuckets,
    registers: [registry],
  });
  const started = new WeakMap<object, number>();
  type UndiciRequest = { origin?: string | URL };
  const record = (request: UndiciRequest, outcome: string) => {
    const provider = upstreamNames.get(String(request.origin ?? '')) ?? 'other';
    calls.inc({ provider, outcome });
    const start = started.get(request);
    if (start !== undefined) durations.observe({ provider }, (performance.now() - start) / 1000);
  };
  diagnostics.subscribe('undici:request:create', (message) => {
    started.set((message as { request: object }).request, performance.now());
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as {
      request: UndiciRequest;
      response: { statusCode: number };
    };
    record(request, outcomeOfStatus(response.statusCode));
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    record((message as { request: UndiciRequest }).request, 'error');
  });
  processMetrics = { registry, upstreamNames, calls, durations };
  return processMetrics;
}

/**
 * Counts a call to an outside service that does not go through `fetch` (whose calls undici's
 * channels report): mail to the SMTP relay, webhook deliveries (node:http, to addresses users
 * give), Stripe's SDK, Finnhub's trade stream. `outcome`: the answer's status class (`2xx`,
 * `429`...) or `error` when none came; `seconds`: from the call to its answer, when known.
 */
export function recordUpstreamCall(provider: string, outcome: string, seconds?: number): void {
  const { calls, durations } = processWide();
  calls.inc({ provider, outcome });
  if (seconds !== undefined) durations.observe({ provider }, seconds);
}

/** The outcome label of an HTTP status, or of no answer (null). */
export function outcomeOfStatus(status: number | null | undefined): string {
  if (!status) return 'error';
  return status === 429 ? '429' : `${Math.floor(status / 100)}xx`;
}

export interface MetricsSources {
  database: Database;
  clock: Clock;
}

export class Metrics {
  private readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly byRequest = new Map<string, Histogram.Internal<'method' | 'route' | 'status'>>();
  private readonly errors: Counter<'status' | 'code'>;
  private readonly streams = new WeakSet<FastifyRequest>();
  private readonly openStreams: Gauge<'route'>;
  private readonly openedStreams: Counter<'route'>;
  private readonly gauges: ReturnType<typeof databaseGauges>;
  private readonly namedOrigins: string[] = [];
  private marketStatus: (() => MarketHealth) | undefined;
  private server: Server | undefined;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    processWide();
    this.requestDuration = new Histogram({
      name: 'tickerwise_http_request_duration_seconds',
      help: 'Answered requests by method, route pattern and status, and how long each took',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: requestBuckets,
      registers,
    });
    this.errors = new Counter({
      name: 'tickerwise_http_errors_total',
      help: 'Answers of status 400 and up, by status and the error code of their body',
      labelNames: ['status', 'code'] as const,
      registers,
    });
    this.openStreams = new Gauge({
      name: 'tickerwise_sse_connections',
      help: 'Server-Sent Events streams open on this instance',
      labelNames: ['route'] as const,
      registers,
    });
    this.openedStreams = new Counter({
      name: 'tickerwise_sse_connections_opened_total',
      help: 'Server-Sent Events streams opened on this instance',
      labelNames: ['route'] as const,
      registers,
    });
    this.gauges = databaseGauges(registers);
  }

  /** A finished request: its route pattern (never the raw URL), status and time. */
  recordRequest(request: FastifyRequest, reply: FastifyReply): void {
    // A stream's time is how long someone watched, not how fast we answered.
    if (this.streams.has(request)) return;
    const status = reply.statusCode;
    const route = request.routeOptions.url ?? unmatchedRoute(status);
    const key = `${request.method} ${status} ${route}`;
    let child = this.byRequest.get(key);
    if (!child) {
      child = this.requestDuration.labels(request.method, route, String(status));
      this.byRequest.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    if (status >= 400) {
      this.errors.inc({ status: String(status), code: errorCodes.get(request) ?? 'unknown' });
    }
  }

  /** A Server-Sent Events stream opened; counted until its connection closes. */
  streamOpened(request: FastifyRequest, connection: ServerResponse): void {
    this.streams.add(request);
    const route = request.routeOptions.url ?? 'unknown';
    this.openStreams.inc({ route });
    this.openedStreams.inc({ route });
    connection.once('close', () => this.openStreams.dec({ route }));
  }

  /** The market data's figures (call budget, stream, staleness), read at each scrape. */
  readMarket(status: () => MarketHealth): void {
    this.marketStatus = status;
  }

  /** Names calls to these origins by their provider, in `tickerwise_upstream_calls_total`. */
  nameUpstreams(providers: Record<string, string | undefined>): void {
    const { upstreamNames } = processWide();
    for (const [provider, url] of Object.entries(providers)) {
      if (!url) continue;
      const origin = new URL(url).origin;
      upstreamNames.set(origin, provider);
      this.namedOrigins.push(origin);
    }
  }

  /** The Prometheus text of this app and its process. */
  async text(): Promise<string> {
    await this.readSources();
    const [own, shared] = await Promise.all([
      this.registry.metrics(),
      processWide().registry.metrics(),
    ]);
    return `${own}\n${shared}`;
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * Serves `GET /metrics` on a listener of its own (`METRICS_HOST`:`METRICS_PORT`), apart from
   * the app's port and its proxy: only the addresses that can reach it can read it.
   */
  async listen(options: { host: string; port: number }): Promise<string> {
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      this.text().then(
        (text) => {
          response.writeHead(200, {
            'content-type': this.contentType,
            'cache-control': 'no-store',
          });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        (error: unknown) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(`${(error as Error).message}\n`);
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }

  async close(): Promise<void> {
    const { upstreamNames } = processWide();
    for (const origin of this.namedOrigins) upstreamNames.delete(origin);
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async readSources(): Promise<void> {
    const { gauges } = this;
    const pool = this.sources.database.poolUse();
    if (pool) {
      gauges.poolClients.set({ state: 'in_use' }, pool.total - pool.idle);
      gauges.poolClients.set({ state: 'idle' }, pool.idle);
      gauges.poolWaiting.set(pool.waiting);
      gauges.poolMax.set(pool.max);
    }
    let market: MarketHealth | undefined;
    try {
      market = this.marketStatus?.();
    } catch {
      // A market data area that cannot say how it stands leaves its figures out of this scrape.
    }
    for (const gauge of gauges.fromMarket) gauge.reset();
    if (market) {
      const labels = { source: market.source };
      gauges.upstreamCallsLastMinute.set(labels, market.callsLastMinute);
      if (market.callsPerMinute !== null) gauges.upstreamBudget.set(labels, market.callsPerMinute);
      gauges.marketStreamConnected.set(labels, market.stream === 'connected' ? 1 : 0);
      gauges.demandedSymbols.set(labels, market.demandedSymbols);
      if (market.stalestDemandedQuoteSeconds !== null) {
        gauges.stalestQuote.set(labels, market.stalestDemandedQuoteSeconds);
      }
    }
    try {
      await withTimeout(this.readDatabase(), databaseReadTimeoutMs);
      gauges.databaseUp.set(1);
    } catch {
      // Figures from before the outage would mislead: they go until the database is back.
      for (const gauge of gauges.fromDatabase) gauge.reset();
      gauges.databaseUp.set(0);
    }
  }

  private async readDatabase(): Promise<void> {
    const { db } = this.sources.database;
    const now = this.sources.clock();
    const seconds = (at: Date | string | null | undefined) =>
      at ? Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000) : undefined;
    const [jobRows, outboxRows] = await Promise.all([
      db.execute(sql`
        select name,
          count(*) filter (where state = 'queued' and run_at <= ${now})::int as due,
          count(*) filter (where state = 'running' and locked_until >= ${now})::int as running,
          count(*) filter (where state = 'running' and locked_until < ${now})::int as expired,
          min(run_at) filter (where state = 'queued' and run_at <= ${now}) as oldest_due
        from jobs where state in ('queued', 'running') group by name`),
      db.execute(sql`
        select 'email' as outbox, count(*)::int as waiting, min(created_at) as oldest
          from email_outbox where state = 'waiting'
        union all
        select 'webhook', count(*)::int, min(created_at)
          from alert_deliveries where state = 'pending'`),
    ]);
    const { gauges } = this;
    for (const gauge of [gauges.jobsDue, gauges.jobsRunning, gauges.jobsExpired, gauges.jobsAge]) {
      gauge.reset();
    }
    for (const row of rowsOf<{
      name: string;
      due: number;
      running: number;
      expired: number;
      oldest_due: Date | string | null;
    }>(jobRows)) {
      gauges.jobsDue.set({ name: row.name }, Number(row.due));
      gauges.jobsRunning.set({ name: row.name }, Number(row.running));
      gauges.jobsExpired.set({ name: row.name }, Number(row.expired));
      gauges.jobsAge.set({ name: row.name }, seconds(row.oldest_due) ?? 0);
    }
    for (const row of rowsOf<{ outbox: string; waiting: number; oldest: Date | string | null }>(
      outboxRows,
    )) {
      const outbox = row.outbox === 'email' ? 'email' : 'webhook';
      gauges.outboxWaiting.set({ outbox }, Number(row.waiting));
      gauges.outboxAge.set({ outbox }, seconds(row.oldest) ?? 0);
    }
  }
}

function databaseGauges(registers: Registry[]) {
  const gauge = <T extends string>(name: string, help: string, labelNames: readonly T[] = []) =>
    new Gauge<T>({ name, help, labelNames, registers });
  const jobsDue = gauge('tickerwise_jobs_due', 'Jobs due to run and not taken yet', ['name']);
  const jobsRunning = gauge('tickerwise_jobs_running', 'Jobs a worker holds now', ['name']);
  const jobsExpired = gauge(
    'tickerwise_jobs_lease_expired',
    'Jobs whose worker held them past their lease (it died or hung): taken again soon',
    ['name'],
  );
  const jobsAge = gauge(
    'tickerwise_jobs_oldest_due_seconds',
    'How long the most overdue job has waited past its time (0: none due)',
    ['name'],
  );
  const outboxWaiting = gauge(
    'tickerwise_outbox_waiting',
    'Emails waiting to be sent, and webhook deliveries pending',
    ['outbox'],
  );
  const outboxAge = gauge(
    'tickerwise_outbox_oldest_seconds',
    'Age of the oldest email waiting or webhook delivery pending (0: none)',
    ['outbox'],
  );
  // By the market data's source (finnhub, simulated...): absent when it has nothing to say.
  const market = {
    upstreamCallsLastMinute: gauge(
      'tickerwise_upstream_budget_used',
      "Market data provider calls in the last minute, counted against the plan's limit",
      ['source'],
    ),
    upstreamBudget: gauge(
      'tickerwise_upstream_budget_limit',
      'Market data provider calls the plan allows a minute (absent: no limit)',
      ['source'],
    ),
    marketStreamConnected: gauge(
      'tickerwise_market_stream_connected',
      "Whether the provider's live trade stream is connected (1) or not (0)",
      ['source'],
    ),
    demandedSymbols: gauge(
      'tickerwise_market_demanded_symbols',
      'Symbols someone is looking at, follows or holds now',
      ['source'],
    ),
    stalestQuote: gauge(
      'tickerwise_market_stalest_quote_seconds',
      'Age of the oldest quote among the demanded symbols (absent: none)',
      ['source'],
    ),
  };
  return {
    jobsDue,
    jobsRunning,
    jobsExpired,
    jobsAge,
    outboxWaiting,
    outboxAge,
    fromDatabase: [jobsDue, jobsRunning, jobsExpired, jobsAge, outboxWaiting, outboxAge],
    databaseUp: gauge(
      'tickerwise_database_up',
      'Whether the last scrape could read the database (1) or not (0)',
    ),
    poolClients: gauge(
      'tickerwise_db_pool_connections',
      "PostgreSQL connections of this instance's pool, in use or idle",
      ['state'],
    ),
    poolWaiting: gauge(
      'tickerwise_db_pool_waiting',
      'Queries waiting for a connection of the pool (every one is busy)',
    ),
    poolMax: gauge(
      'tickerwise_db_pool_max',
      'Connections the pool may open (0: the embedded database, one connection and no pool)',
    ),
    ...market,
    fromMarket: Object.values(market),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
