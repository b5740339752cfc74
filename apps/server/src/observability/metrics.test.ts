import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../test/event-stream.ts';
import { type FakeFinnhub, startFakeFinnhub } from '../../test/fake-finnhub.ts';
import { parseMetrics, sampleValue } from '../../test/prometheus-text.ts';
import { SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestApp, injectAs, signUpUser, type TestApp } from '../../test/test-app.ts';
import { WebhookReceiver } from '../../test/webhook-receiver.ts';
import { emailOutbox } from '../db/schema/index.ts';
import { smtpTransport } from '../modules/email/transport.ts';
import { WebhookSender } from '../modules/integrations/sender.ts';
import { JobQueue } from '../modules/jobs/job-queue.ts';

describe('/metrics of one instance', () => {
  let testApp: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => testApp.close());

  const scrape = async () => parseMetrics(await testApp.app.metrics.text());

  it('counts requests by route pattern, never by the raw URL, and errors by their code', async () => {
    const user = await signUpUser(testApp.app);
    for (const symbol of ['AAPL', 'MSFT']) {
      const response = await injectAs(testApp.app, user, 'GET', `/api/stocks/${symbol}`);
      expect(response.statusCode).toBe(200);
    }
    const refused = await testApp.app.inject({ method: 'GET', url: '/api/stocks/AAPL' });
    expect(refused.statusCode).toBe(401);
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/no-such-route/4242' });
    expect(missing.statusCode).toBe(404);

    const samples = await scrape();
    const count = (labels: Record<string, string>) =>
      sampleValue(samples, 'tickerwise_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/stocks/:symbol', status: '200' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/stocks/:symbol', status: '401' })).toBe(1);
    expect(count({ method: 'GET', route: 'not found', status: '404' })).toBe(1);
    const routes = new Set(samples.map((sample) => sample.labels.route).filter(Boolean));
    expect(routes.has('/api/stocks/:symbol')).toBe(true);
    for (const route of routes) expect(route).not.toMatch(/AAPL|MSFT|no-such-route|4242/);
    expect(
      sampleValue(samples, 'tickerwise_http_errors_total', { status: '401', code: 'unauthorized' }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'tickerwise_http_errors_total', { status: '404', code: 'not_found' }),
    ).toBe(1);
    // Latency buckets are cumulative: the +Inf bucket holds every request of the route.
    expect(
      sampleValue(samples, 'tickerwise_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/stocks/:symbol',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(2);
  });

  it("keeps a well-formed X-Request-Id, answers with it, and replaces one that isn't", async () => {
    const kept = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': '0f1e2d3c4b5a69788796a5b4c3d2e1f0' },
    });
    expect(kept.headers['x-request-id']).toBe('0f1e2d3c4b5a69788796a5b4c3d2e1f0');
    for (const bad of ['two words', 'x'.repeat(200), 'line\u2028break', '-leading-dash']) {
      const replaced = await testApp.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(replaced.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
    const errorAnswer = await testApp.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'x-request-id': 'req-404-check' },
    });
    expect(errorAnswer.headers['x-request-id']).toBe('req-404-check');
  });

  it('counts open event streams until they close, and leaves them out of request latency', async () => {
    const user = await signUpUser(testApp.app);
    const streams: EventStream[] = [];
    for (let index = 0; index < 2; index += 1) {
      const stream = await openEventStream(`${baseUrl}/api/events`, user.cookie, {
        'x-request-id': `stream-${index}`,
      });
      expect(stream.status).toBe(200);
      await stream.waitForComment('connected');
      streams.push(stream);
    }
    let samples = await scrape();
    expect(sampleValue(samples, 'tickerwise_sse_connections', { route: '/api/events' })).toBe(2);
    expect(
      sampleValue(samples, 'tickerwise_sse_connections_opened_total', { route: '/api/events' }),
    ).toBe(2);
    for (const stream of streams) stream.close();
    await expect
      .poll(
        async () =>
          sampleValue(await scrape(), 'tickerwise_sse_connections', { route: '/api/events' }),
        { timeout: 5_000 },
      )
      .toBe(0);
    samples = await scrape();
    expect(
      sampleValue(samples, 'tickerwise_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/events',
        status: '200',
      }),
    ).toBeUndefined();
  });

  it('reads the job queue and the outboxes from the database at each scrape', async () => {
    const { db } = testApp.db.database;
    const now = Date.now();
    // Sign-ups above queued their confirmations (no job runs them here): count from there.
    const before = sampleValue(await scrape(), 'tickerwise_outbox_waiting', { outbox: 'email' });
    const queue = new JobQueue(db);
    await queue.enqueue('metrics.check', 'overdue', {}, now - 90_000);
    await queue.enqueue('metrics.check', 'later', {}, now + 3_600_000);
    await db.insert(emailOutbox).values({
      kind: 'verify-email',
      recipient: 'waiting@example.com',
      subject: 'Confirm your address',
      html: '<p>Confirm</p>',
      text: 'Confirm',
      createdAt: new Date(now - 120_000),
    });
    const samples = await scrape();
    expect(sampleValue(samples, 'tickerwise_jobs_due', { name: 'metrics.check' })).toBe(1);
    expect(
      sampleValue(samples, 'tickerwise_jobs_oldest_due_seconds', { name: 'metrics.check' }),
    ).toBeGreaterThanOrEqual(89);
    expect(sampleValue(samples, 'tickerwise_outbox_waiting', { outbox: 'email' })).toBe(
      (before ?? 0) + 1,
    );
    expect(
      sampleValue(samples, 'tickerwise_outbox_oldest_seconds', { outbox: 'email' }),
    ).toBeGreaterThanOrEqual(119);
    expect(sampleValue(samples, 'tickerwise_outbox_waiting', { outbox: 'webhook' })).toBe(0);
    expect(sampleValue(samples, 'tickerwise_database_up', {})).toBe(1);
  });

  it("has Node's event-loop delay and the market data's call budget", async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds', {})).toBeGreaterThanOrEqual(0);
    const simulated = { source: 'simulated' };
    expect(sampleValue(samples, 'tickerwise_upstream_budget_used', simulated)).toBe(0);
    // The simulated market has no plan to stay within.
    expect(sampleValue(samples, 'tickerwise_upstream_budget_limit', simulated)).toBeUndefined();
    expect(sampleValue(samples, 'tickerwise_market_stream_connected', simulated)).toBe(1);
    if (testApp.db.url) {
      expect(sampleValue(samples, 'tickerwise_db_pool_max', {})).toBe(10);
      expect(
        sampleValue(samples, 'tickerwise_db_pool_connections', { state: 'idle' }),
      ).toBeGreaterThanOrEqual(0);
    } else {
      // The embedded database has one connection and no pool.
      expect(sampleValue(samples, 'tickerwise_db_pool_max', {})).toBe(0);
    }
  });

  it('serves /metrics on a listener of its own, and nothing else there', async () => {
    const url = await testApp.app.metrics.listen({ host: '127.0.0.1', port: 0 });
    expect(url).not.toBe(baseUrl);
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toMatch(/^# HELP tickerwise_http_request_duration_seconds /m);
    const other = await fetch(`${url}/api/health`);
    expect(other.status).toBe(404);
    await other.text();
    // The app's own port has no metrics.
    const onAppPort = await fetch(`${baseUrl}/metrics`);
    expect(onAppPort.status).toBe(404);
    expect(await onAppPort.text()).not.toMatch(/tickerwise_/);
  });
});

describe('/metrics while the database is down', () => {
  it('says the database is down and drops the figures read from it, without failing', async () => {
    const testApp = await createTestApp();
    try {
      await testApp.db.takeDown();
      const samples = parseMetrics(await testApp.app.metrics.text());
      expect(sampleValue(samples, 'tickerwise_database_up', {})).toBe(0);
      expect(sampleValue(samples, 'tickerwise_outbox_waiting', { outbox: 'email' })).toBe(
        undefined,
      );
    } finally {
      await testApp.close();
    }
  });
});

describe('/metrics of upstream calls', () => {
  let finnhub: FakeFinnhub;
  let testApp: TestApp;

  beforeAll(async () => {
    finnhub = await startFakeFinnhub();
    testApp = await createTestApp({
      config: {
        market: {
          provider: 'finnhub',
          apiKey: finnhub.apiKey,
          baseUrl: finnhub.url,
          callsPerMinute: 60,
          stream: null,
        },
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await finnhub.close();
  });

  it("counts the provider's calls by outcome, and the budget they spend", async () => {
    const user = await signUpUser(testApp.app, { plan: 'alpha' });
    const response = await injectAs(testApp.app, user, 'GET', '/api/stocks/AAPL');
    expect(response.statusCode).toBe(200);
    expect(finnhub.calls.quote).toBeGreaterThan(0);
    const samples = parseMetrics(await testApp.app.metrics.text());
    expect(
      sampleValue(samples, 'tickerwise_upstream_calls_total', {
        provider: 'finnhub',
        outcome: '2xx',
      }),
    ).toBeGreaterThanOrEqual(finnhub.calls.quote);
    expect(
      sampleValue(samples, 'tickerwise_upstream_call_duration_seconds_count', {
        provider: 'finnhub',
      }),
    ).toBeGreaterThan(0);
    const finnhubSource = { source: 'finnhub' };
    expect(sampleValue(samples, 'tickerwise_upstream_budget_limit', finnhubSource)).toBe(60);
    expect(sampleValue(samples, 'tickerwise_upstream_budget_used', finnhubSource)).toBeGreaterThan(
      0,
    );
  });
});

describe('/metrics of outside calls not made with fetch', () => {
  const receiver = new WebhookReceiver();
  const inbox = new SmtpInbox();
  let testApp: TestApp;

  beforeAll(async () => {
    await Promise.all([receiver.start(), inbox.start()]);
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
    await Promise.all([receiver.stop(), inbox.stop()]);
  });

  const calls = async (provider: string, outcome: string) =>
    sampleValue(parseMetrics(await testApp.app.metrics.text()), 'tickerwise_upstream_calls_total', {
      provider,
      outcome,
    }) ?? 0;

  it('counts mail to the SMTP relay, sent or not, by its reply', async () => {
    const message = {
      id: 1,
      from: 'Tickerwise <no-reply@127.0.0.1>',
      to: 'someone@example.com',
      subject: 'Counted',
      html: '<p>Counted</p>',
      text: 'Counted',
      headers: {},
      messageId: '<counted@127.0.0.1>',
      createdAt: new Date(),
    };
    const compose = async () => new TextEncoder().encode('Subject: Counted\r\n\r\nCounted\r\n');
    const [sentBefore, failedBefore] = [await calls('smtp', '2xx'), await calls('smtp', 'error')];
    const relay = smtpTransport(inbox.url, compose);
    expect(await relay.send(message)).toEqual({ kind: 'sent' });
    relay.close();
    // Nothing listens on port 9: no reply at all.
    const nowhere = smtpTransport('smtp://127.0.0.1:9', compose);
    expect((await nowhere.send(message)).kind).toBe('temporary');
    nowhere.close();
    expect(await calls('smtp', '2xx')).toBe(sentBefore + 1);
    expect(await calls('smtp', 'error')).toBe(failedBefore + 1);
  });

  it('counts webhook deliveries by the receiver’s answer', async () => {
    const sender = new WebhookSender({ allowLoopback: true }, 5_000);
    const before = [await calls('webhook', '2xx'), await calls('webhook', '5xx')];
    expect((await sender.post({ url: `${receiver.url}/hook`, body: '{}', headers: {} })).ok).toBe(
      true,
    );
    receiver.status = 503;
    expect((await sender.post({ url: `${receiver.url}/hook`, body: '{}', headers: {} })).ok).toBe(
      false,
    );
    sender.close();
    expect(await calls('webhook', '2xx')).toBe(before[0]! + 1);
    expect(await calls('webhook', '5xx')).toBe(before[1]! + 1);
  });
});
