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

  it('uses simulated market data unless Finnhub is chosen with a key', () => {
    expect(loadConfig({}).market).toEqual({ provider: 'simulated' });
    expect(loadConfig({ MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: 'k' }).market).toEqual({
      provider: 'finnhub',
      apiKey: 'k',
      baseUrl: 'https://finnhub.io/api/v1',
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
});
