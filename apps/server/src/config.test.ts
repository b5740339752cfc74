import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      dataDir: resolve('./data'),
      databaseUrl: undefined,
    });
  });

  it('reads overrides and treats blank values as unset', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/tw',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/tmp/tw',
      logLevel: 'info',
    });
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid DATABASE_URL: /);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/^Invalid NODE_ENV: /);
  });

  it('migrates at start unless told not to, and opens /metrics only on a port of its own', () => {
    expect(loadConfig({})).toMatchObject({ migrateOnStart: true });
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ MIGRATE_ON_START: 'false' })).toMatchObject({ migrateOnStart: false });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9464,
    });
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /^Invalid METRICS_PORT: it must differ from PORT/,
    );
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/^Invalid MIGRATE_ON_START: /);
  });

  it('uses simulated market data unless Finnhub is chosen with a key', () => {
    expect(loadConfig({}).market).toEqual({ provider: 'simulated' });
    expect(loadConfig({ MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: 'k' }).market).toEqual({
      provider: 'finnhub',
      apiKey: 'k',
      baseUrl: 'https://finnhub.io/api/v1',
      callsPerMinute: 60,
      stream: { url: 'wss://ws.finnhub.io', symbolLimit: 50 },
    });
    expect(
      loadConfig({
        MARKET_PROVIDER: 'finnhub',
        FINNHUB_API_KEY: 'k',
        FINNHUB_BASE_URL: 'http://127.0.0.1:9000/api/v1/',
      }).market,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9000/api/v1' });
    expect(() => loadConfig({ MARKET_PROVIDER: 'finnhub' })).toThrow(
      /^Invalid FINNHUB_API_KEY: required when MARKET_PROVIDER is finnhub$/,
    );
    expect(() => loadConfig({ MARKET_PROVIDER: 'yahoo' })).toThrow(/^Invalid MARKET_PROVIDER: /);
  });

  it("streams Finnhub's trades on the free plan's 50 symbols unless told otherwise", () => {
    const finnhub = { MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: 'k' };
    expect(
      loadConfig({
        ...finnhub,
        FINNHUB_STREAM_URL: 'ws://127.0.0.1:9001',
        FINNHUB_STREAM_SYMBOLS: '250',
      }).market,
    ).toMatchObject({ stream: { url: 'ws://127.0.0.1:9001', symbolLimit: 250 } });
    expect(loadConfig({ ...finnhub, FINNHUB_STREAM: 'false' }).market).toMatchObject({
      stream: null,
    });
    expect(() => loadConfig({ ...finnhub, FINNHUB_STREAM_URL: 'https://x' })).toThrow(
      /^Invalid FINNHUB_STREAM_URL: /,
    );
  });

  it('runs the simulated market at another time when told, and only the simulated one', () => {
    expect(loadConfig({ SIMULATED_MARKET_START: '2026-03-16T14:00:00-04:00' }).market).toEqual({
      provider: 'simulated',
      startsAt: Date.parse('2026-03-16T18:00:00Z'),
    });
    expect(() =>
      loadConfig({
        MARKET_PROVIDER: 'finnhub',
        FINNHUB_API_KEY: 'k',
        SIMULATED_MARKET_START: '2026-03-16T14:00:00Z',
      }),
    ).toThrow(/^Invalid SIMULATED_MARKET_START: /);
  });

  it('writes analyses offline unless an OpenAI-compatible model is configured', () => {
    const concurrency = { concurrentCalls: 16, concurrentCallsPerUser: 2 };
    expect(loadConfig({}).analyst).toEqual({
      model: null,
      timeoutMs: 45_000,
      ...concurrency,
      // Offered in the log when a local Ollama answers at start-up, used only when asked to.
      autodetect: { baseUrl: 'http://127.0.0.1:11434/v1', use: false, model: undefined },
    });
    expect(loadConfig({ LLM_AUTODETECT: 'true', LLM_MODEL: 'llama3.2' }).analyst).toMatchObject({
      model: null,
      autodetect: { use: true, model: 'llama3.2' },
    });
    expect(
      loadConfig({
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODEL: 'llama3.1:8b',
        LLM_TIMEOUT_MS: '20000',
      }).analyst,
    ).toEqual({
      model: { baseUrl: 'http://127.0.0.1:11434/v1', apiKey: undefined, model: 'llama3.1:8b' },
      timeoutMs: 20_000,
      ...concurrency,
    });
    expect(
      loadConfig({ LLM_CONCURRENT_CALLS: '40', LLM_CONCURRENT_CALLS_PER_USER: '3' }).analyst,
    ).toMatchObject({ concurrentCalls: 40, concurrentCallsPerUser: 3 });
    expect(() => loadConfig({ LLM_CONCURRENT_CALLS_PER_USER: '0' })).toThrow(
      /^Invalid LLM_CONCURRENT_CALLS_PER_USER: /,
    );
    expect(
      loadConfig({ LLM_BASE_URL: 'https://api.example.com/v1', LLM_MODEL: 'm', LLM_API_KEY: 'sk' })
        .analyst.model?.apiKey,
    ).toBe('sk');
    expect(() => loadConfig({ LLM_MODEL: 'm' })).toThrow(
      /^Invalid LLM_BASE_URL: required when LLM_MODEL is set \(or set LLM_AUTODETECT=true\)$/,
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8000/v1' })).toThrow(
      /^Invalid LLM_MODEL: required when LLM_BASE_URL is set$/,
    );
    expect(() => loadConfig({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' })).toThrow(
      /^Invalid LLM_BASE_URL: /,
    );
  });

  it('has limits that stop attackers, not a campus behind one address', () => {
    expect(loadConfig({}).limits).toEqual({
      signInFailures: { max: 10, windowSeconds: 900 },
      signInFailuresPerEmail: { max: 50, windowSeconds: 3600 },
      signInFailuresPerAddress: { max: 300, windowSeconds: 3600 },
      signUpsPerAddress: { max: 300, windowSeconds: 3600 },
      signUpsPerEmail: { max: 10, windowSeconds: 900 },
      authRequestsPerAddress: { max: 300, windowSeconds: 60 },
      passwordChangesPerAddress: { max: 3, windowSeconds: 10 },
      failedPaymentsPerAccount: { max: 5, windowSeconds: 3600 },
      failedPaymentsPerAddress: { max: 20, windowSeconds: 3600 },
      apiRequestsPerKey: { max: 60, windowSeconds: 60 },
      emailsPerRecipient: { max: 30, windowSeconds: 3600 },
      passwordResetsPerAddress: { max: 20, windowSeconds: 3600 },
      eventStreamsPerUser: 20,
      eventStreamsPerAddress: 500,
    });
  });

  it('sends email through SMTP_URL, or to the outbox folder without one', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Tickerwise <no-reply@localhost>',
      renderWorkers: 1,
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://user:secret@mail.example.com:465',
        MAIL_FROM: 'Ada <a@b.c>',
        EMAIL_RENDER_WORKERS: '2',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://user:secret@mail.example.com:465',
      from: 'Ada <a@b.c>',
      renderWorkers: 2,
    });
    expect(loadConfig({ EMAIL_RENDER_WORKERS: '0' }).mail.renderWorkers).toBe(0);
    expect(() => loadConfig({ EMAIL_RENDER_WORKERS: '-1' })).toThrow(
      /^Invalid EMAIL_RENDER_WORKERS/,
    );
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(
      /^Invalid SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'a@b.c\nBcc: x@y.z' })).toThrow(/^Invalid MAIL_FROM/);
  });

  it('reads every limit from its variable', () => {
    const { limits } = loadConfig({
      LIMIT_SIGN_IN_FAILURES: '5/10m',
      LIMIT_SIGN_IN_FAILURES_PER_EMAIL: '100/1d',
      LIMIT_SIGN_IN_FAILURES_PER_ADDRESS: '1000/1h',
      LIMIT_SIGN_UPS_PER_ADDRESS: '2000/1h',
      LIMIT_SIGN_UPS_PER_EMAIL: '3/30s',
      LIMIT_AUTH_REQUESTS_PER_ADDRESS: '600/1m',
      LIMIT_PASSWORD_CHANGES_PER_ADDRESS: '5/1m',
      LIMIT_FAILED_PAYMENTS_PER_ACCOUNT: '3/2h',
      LIMIT_FAILED_PAYMENTS_PER_ADDRESS: '50/1h',
      LIMIT_API_REQUESTS_PER_KEY: '600/10s',
      LIMIT_EMAILS_PER_RECIPIENT: '10/1d',
      LIMIT_PASSWORD_RESETS_PER_ADDRESS: '5/1h',
      LIMIT_EVENT_STREAMS_PER_USER: '8',
      LIMIT_EVENT_STREAMS_PER_ADDRESS: '2000',
    });
    expect(limits).toEqual({
      signInFailures: { max: 5, windowSeconds: 600 },
      signInFailuresPerEmail: { max: 100, windowSeconds: 86_400 },
      signInFailuresPerAddress: { max: 1000, windowSeconds: 3600 },
      signUpsPerAddress: { max: 2000, windowSeconds: 3600 },
      signUpsPerEmail: { max: 3, windowSeconds: 30 },
      authRequestsPerAddress: { max: 600, windowSeconds: 60 },
      passwordChangesPerAddress: { max: 5, windowSeconds: 60 },
      failedPaymentsPerAccount: { max: 3, windowSeconds: 7200 },
      failedPaymentsPerAddress: { max: 50, windowSeconds: 3600 },
      apiRequestsPerKey: { max: 600, windowSeconds: 10 },
      emailsPerRecipient: { max: 10, windowSeconds: 86_400 },
      passwordResetsPerAddress: { max: 5, windowSeconds: 3600 },
      eventStreamsPerUser: 8,
      eventStreamsPerAddress: 2000,
    });
    expect(() => loadConfig({ LIMIT_SIGN_IN_FAILURES: '10 per 15 minutes' })).toThrow(
      /^Invalid LIMIT_SIGN_IN_FAILURES: must look like 10\/15m/,
    );
    expect(() => loadConfig({ LIMIT_SIGN_UPS_PER_ADDRESS: '0/1h' })).toThrow(
      /^Invalid LIMIT_SIGN_UPS_PER_ADDRESS: /,
    );
    expect(() => loadConfig({ LIMIT_EVENT_STREAMS_PER_USER: '0' })).toThrow(
      /^Invalid LIMIT_EVENT_STREAMS_PER_USER: /,
    );
  });

  it('refuses the simulated market on an https address unless the operator allows it', () => {
    const https = { PUBLIC_URL: 'https://invest.example.com', ALLOW_TEST_PAYMENTS: 'true' };
    expect(() => loadConfig(https)).toThrow(ConfigError);
    expect(() => loadConfig(https)).toThrow(
      /^Invalid MARKET_PROVIDER: the simulated market shows made-up prices; .*ALLOW_SIMULATED_MARKET=true/,
    );
    expect(() => loadConfig({ ...https, MARKET_PROVIDER: 'simulated' })).toThrow(ConfigError);
    expect(String(captured(() => loadConfig(https)))).not.toContain('\n');
    expect(loadConfig({ ...https, ALLOW_SIMULATED_MARKET: 'true' }).market).toEqual({
      provider: 'simulated',
    });
    expect(() => loadConfig({ ...https, ALLOW_SIMULATED_MARKET: 'yes' })).toThrow(
      /^Invalid ALLOW_SIMULATED_MARKET: /,
    );
    // A real market on https needs no permission; plain http runs simulated as before.
    expect(
      loadConfig({ ...https, MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: 'k' }).market.provider,
    ).toBe('finnhub');
    expect(loadConfig({ NODE_ENV: 'production' }).market).toEqual({ provider: 'simulated' });
  });

  it('refuses test payments on an https address unless the operator allows them', () => {
    const https = { PUBLIC_URL: 'https://invest.example.com', ALLOW_SIMULATED_MARKET: 'true' };
    expect(() => loadConfig(https)).toThrow(ConfigError);
    expect(() => loadConfig(https)).toThrow(
      /^Invalid PAYMENT_PROVIDER: test payments grant paid plans for free; .*ALLOW_TEST_PAYMENTS=true/,
    );
    expect(() => loadConfig({ ...https, PAYMENT_PROVIDER: 'test' })).toThrow(ConfigError);
    expect(String(captured(() => loadConfig(https)))).not.toContain('\n');
    expect(loadConfig({ ...https, ALLOW_TEST_PAYMENTS: 'true' }).billing).toEqual({
      provider: 'test',
    });
    expect(() => loadConfig({ ...https, ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(
      /^Invalid ALLOW_TEST_PAYMENTS: /,
    );
    // The local quick start (plain http) runs on test payments as before.
    expect(loadConfig({ NODE_ENV: 'production' }).billing).toEqual({ provider: 'test' });
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).billing).toEqual({
      provider: 'test',
    });
  });

  it('lets alert destinations reach 127.0.0.1 only on a test server, never in production', () => {
    expect(loadConfig({}).webhooksAllowLoopback).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOOPBACK: 'true' }).webhooksAllowLoopback).toBe(true);
    const deployed = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://invest.example.com',
      ALLOW_SIMULATED_MARKET: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
    };
    expect(() => loadConfig(deployed)).toThrow(/^Invalid WEBHOOKS_ALLOW_LOOPBACK: /);
    expect(() => loadConfig({ ...deployed, PUBLIC_URL: 'http://invest.example.com' })).toThrow(
      /^Invalid WEBHOOKS_ALLOW_LOOPBACK: /,
    );
    // The production build on this machine (the end-to-end run) may.
    expect(
      loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_LOOPBACK: 'true' }).webhooksAllowLoopback,
    ).toBe(true);
  });

  it('takes daily history from the market provider unless Tiingo is chosen with a key', () => {
    const finnhub = { MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: 'k' };
    expect(loadConfig({}).history).toEqual({ provider: 'simulated' });
    expect(loadConfig(finnhub).history).toEqual({ provider: 'finnhub' });
    expect(
      loadConfig({ ...finnhub, HISTORY_PROVIDER: 'tiingo', TIINGO_API_KEY: 't' }).history,
    ).toEqual({
      provider: 'tiingo',
      apiKey: 't',
      baseUrl: 'https://api.tiingo.com',
      callsPerHour: 50,
      callsPerDay: 1_000,
    });
    expect(() => loadConfig({ ...finnhub, HISTORY_PROVIDER: 'tiingo' })).toThrow(
      /^Invalid TIINGO_API_KEY: required when HISTORY_PROVIDER is tiingo$/,
    );
    // Real bars under simulated quotes (or the reverse) would disagree: refused.
    expect(() => loadConfig({ HISTORY_PROVIDER: 'tiingo', TIINGO_API_KEY: 't' })).toThrow(
      /^Invalid HISTORY_PROVIDER: /,
    );
    expect(() => loadConfig({ ...finnhub, HISTORY_PROVIDER: 'simulated' })).toThrow(
      /^Invalid HISTORY_PROVIDER: /,
    );
  });
});

function captured(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}
