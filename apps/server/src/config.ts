import { resolve } from 'node:path';
import { z } from 'zod';

const secondsPerUnit = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** A limit written `<max>/<window>`, the window in s, m, h or d: `10/15m`. */
const rateLimitSchema = z
  .string()
  .regex(/^\d+\/\d+[smhd]$/, 'must look like 10/15m (attempts/window, in s, m, h or d)')
  .transform((value): RateLimit => {
    const [, max, count, unit] = /^(\d+)\/(\d+)([smhd])$/.exec(value) ?? [];
    return {
      max: Number(max),
      windowSeconds: Number(count) * secondsPerUnit[unit as keyof typeof secondsPerUnit],
    };
  })
  .refine(
    (limit) => limit.max >= 1 && limit.windowSeconds >= 1,
    'must allow 1 or more in 1s or more',
  );

/**
 * The one place that reads `process.env`. Every variable is documented in `.env.example`
 * and the README's configuration table.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  CERTIFICATE_SIGNING_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 random bytes in base64url (43 characters)')
    .optional(),
  CERTIFICATE_RETIRED_PUBLIC_KEYS: z
    .string()
    .regex(
      /^\s*([A-Za-z0-9_-]{43}\s*(,\s*[A-Za-z0-9_-]{43}\s*)*)?$/,
      'must be Ed25519 public keys (43 base64url characters each), separated by commas',
    )
    .optional(),
  MARKET_PROVIDER: z.enum(['simulated', 'finnhub']).default('simulated'),
  FINNHUB_API_KEY: z.string().optional(),
  FINNHUB_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://finnhub.io/api/v1'),
  FINNHUB_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  FINNHUB_STREAM: z.enum(['true', 'false']).default('true'),
  FINNHUB_STREAM_URL: z
    .url({ protocol: /^wss?$/, error: 'must be a ws(s) URL' })
    .default('wss://ws.finnhub.io'),
  // Finnhub's free plan streams trades of at most 50 symbols on its one connection.
  FINNHUB_STREAM_SYMBOLS: z.coerce.number().int().min(1).max(100_000).default(50),
  SIMULATED_MARKET_START: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date and time' })
    .optional(),
  HISTORY_PROVIDER: z.enum(['simulated', 'finnhub', 'tiingo']).optional(),
  TIINGO_API_KEY: z.string().optional(),
  FILINGS_PROVIDER: z.enum(['none', 'edgar']).optional(),
  EDGAR_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://data.sec.gov'),
  EDGAR_ARCHIVE_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://www.sec.gov'),
  TIINGO_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://api.tiingo.com'),
  TIINGO_CALLS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(50),
  TIINGO_CALLS_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
  BACKGROUND_JOBS: z.enum(['true', 'false']).default('true'),
  SIMULATION_CONTROL: z.enum(['true', 'false']).default('false'),
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  PAYMENT_PROVIDER: z.enum(['test', 'stripe']).default('test'),
  ALLOW_TEST_PAYMENTS: z.enum(['true', 'false']).default('false'),
  ALLOW_SIMULATED_MARKET: z.enum(['true', 'false']).default('false'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_PRICE_PRO: z.string().optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  LIMIT_SIGN_IN_FAILURES: rateLimitSchema.optional(),
  LIMIT_SIGN_IN_FAILURES_PER_EMAIL: rateLimitSchema.optional(),
  LIMIT_SIGN_IN_FAILURES_PER_ADDRESS: rateLimitSchema.optional(),
  LIMIT_SIGN_UPS_PER_ADDRESS: rateLimitSchema.optional(),
  LIMIT_SIGN_UPS_PER_EMAIL: rateLimitSchema.optional(),
  LIMIT_AUTH_REQUESTS_PER_ADDRESS: rateLimitSchema.optional(),
  LIMIT_PASSWORD_CHANGES_PER_ADDRESS: rateLimitSchema.optional(),
  LIMIT_FAILED_PAYMENTS_PER_ACCOUNT: rateLimitSchema.optional(),
  LIMIT_FAILED_PAYMENTS_PER_ADDRESS: rateLimitSchema.optional(),
  LIMIT_API_REQUESTS_PER_KEY: rateLimitSchema.optional(),
  LIMIT_EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).optional(),
  LIMIT_EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]{1,200}$/, 'must be one line, like Tickerwise <hello@example.com>')
    .optional(),
  LIMIT_EMAILS_PER_RECIPIENT: rateLimitSchema.optional(),
  EMAIL_RENDER_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  LIMIT_PASSWORD_RESETS_PER_ADDRESS: rateLimitSchema.optional(),
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(45_000),
  LLM_CONCURRENT_CALLS: z.coerce.number().int().min(1).max(10_000).optional(),
  LLM_CONCURRENT_CALLS_PER_USER: z.coerce.number().int().min(1).max(100).optional(),
  LLM_AUTODETECT: z.enum(['true', 'false']).default('false'),
});

/** At most `max` attempts in a window of `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads, for the check that README and `.env.example` name each. */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

/**
 * Limits on attempts, each overridable by its variable (see `envSchema`). Per-address limits
 * are sized for a whole campus, office or mobile carrier behind one address (carrier-grade NAT
 * puts thousands of phones behind a few addresses): they stop one machine hammering us, they
 * do not ration people. What protects an account is the count per email, which does not care
 * how many addresses an attacker has, and the count per email and address, which lets nobody
 * lock a stranger out from the stranger's own address.
 */
export interface Limits {
  /** Failed sign-ins for one email from one address. */
  signInFailures: RateLimit;
  /** Failed sign-ins for one email from every address: the ceiling for distributed guessing. */
  signInFailuresPerEmail: RateLimit;
  /** Failed sign-ins from one address, whatever the email (credential stuffing). */
  signInFailuresPerAddress: RateLimit;
  signUpsPerAddress: RateLimit;
  signUpsPerEmail: RateLimit;
  /** Requests to any other `/api/auth` path from one address (better-auth's limiter). */
  authRequestsPerAddress: RateLimit;
  /** Password changes from one address (better-auth's limiter: a stolen session guessing). */
  passwordChangesPerAddress: RateLimit;
  /** Declined or failed card payments of one account (card testing). */
  failedPaymentsPerAccount: RateLimit;
  failedPaymentsPerAddress: RateLimit;
  /** Requests of one public API key, on every instance together (docs/PRODUCT.md §3.20). */
  apiRequestsPerKey: RateLimit;
  /** "Forgot password?" requests and reset attempts from one client address. */
  passwordResetsPerAddress: RateLimit;
  /** Emails to one address, of every kind together (each kind has its own tighter limit). */
  emailsPerRecipient: RateLimit;
  /** Open `/api/events` streams of one user, on one instance. */
  eventStreamsPerUser: number;
  /** Open `/api/events` streams from one client address, on one instance. */
  eventStreamsPerAddress: number;
}

const minutes = (count: number) => count * 60;
const hours = (count: number) => count * 3600;

export const defaultLimits: Limits = {
  signInFailures: { max: 10, windowSeconds: minutes(15) },
  signInFailuresPerEmail: { max: 50, windowSeconds: hours(1) },
  signInFailuresPerAddress: { max: 300, windowSeconds: hours(1) },
  signUpsPerAddress: { max: 300, windowSeconds: hours(1) },
  signUpsPerEmail: { max: 10, windowSeconds: minutes(15) },
  authRequestsPerAddress: { max: 300, windowSeconds: minutes(1) },
  passwordChangesPerAddress: { max: 3, windowSeconds: 10 },
  failedPaymentsPerAccount: { max: 5, windowSeconds: hours(1) },
  failedPaymentsPerAddress: { max: 20, windowSeconds: hours(1) },
  apiRequestsPerKey: { max: 60, windowSeconds: minutes(1) },
  emailsPerRecipient: { max: 30, windowSeconds: hours(1) },
  passwordResetsPerAddress: { max: 20, windowSeconds: hours(1) },
  eventStreamsPerUser: 20,
  eventStreamsPerAddress: 500,
};

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Absolute path of the embedded database folder (used when `databaseUrl` is unset). */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /**
   * Apply pending migrations at start-up (the default, so `npm start` works on a fresh
   * machine). A fleet runs `migrate` once per deploy and starts its instances with false:
   * each then only checks that the database has every migration it knows.
   */
  migrateOnStart?: boolean;
  /**
   * Where Prometheus reads `/metrics`: a listener of its own, apart from the app's port, so
   * that only the addresses that can reach it (the proxy's and operator's network) can. None
   * when `port` is unset (docs/decisions/0063).
   */
  metrics?: { host: string; port: number };
  /** Built SPA to serve; undefined when the web app is served by Vite (development). */
  webDistDir: string | undefined;
  /** The address users reach the app at; cookies are Secure when it is https. */
  publicUrl: string;
  /** Origins allowed to call the auth API besides `publicUrl`. */
  trustedOrigins: string[];
  /** Signs sessions; when unset the server makes one and keeps it in the database. */
  authSecret: string | undefined;
  /**
   * The Ed25519 seed (32 bytes, base64url) that signs course certificates; unset, one is made
   * once and kept in `DATA_DIR/certificate-signing.key` (embedded) or the database (PostgreSQL).
   */
  certificateSigningKey?: string | undefined;
  /**
   * Public keys of earlier signing keys (base64url): certificates they signed still read as
   * verified after the signing key was rotated (docs/decisions/0039).
   */
  certificateRetiredPublicKeys?: string[];
  /** Fastify `trustProxy`: false, true, or the proxies' addresses (comma-separated). */
  trustProxy: boolean | string;
  /** Where quotes, company data and symbol search come from. */
  market: MarketConfig;
  /** Where daily history comes from; by default the market provider's own. */
  history?: HistoryConfig;
  /** Where SEC filings come from; none when unset. */
  filings?: FilingsConfig;
  /** Run background jobs (the daily refresh of stored bars) on this instance. */
  backgroundJobs?: boolean;
  /**
   * Lets the operator set a symbol's simulated price (`PUT /api/simulation/quotes/:symbol`),
   * for browser tests of alerts. Only with the simulated provider, never on an https address.
   */
  simulationControl?: boolean;
  /** Who takes card payments. */
  billing: BillingConfig;
  /** Limits on sign-ins, sign-ups, payments, API keys and live streams. */
  limits: Limits;
  /**
   * Community posts and replies written at once on this instance and how long the rest wait
   * (ADR 0059); 4 and 5 s unless set (tests set a smaller bound to reach it).
   */
  communityWrites?: { atOnce: number; waitMs: number };
  /** The language model the AI analyst may use; without one it writes with its built-in writer. */
  analyst: AnalystConfig;
  /** How email leaves the app. */
  mail: MailConfig;
  /**
   * Alert destinations may be http on 127.0.0.1 or ::1 (tests and benchmarks with a local
   * receiver). Never in production, except a production build serving 127.0.0.1 or localhost
   * (end-to-end tests): destinations are https on a public address.
   */
  webhooksAllowLoopback?: boolean;
}

/**
 * Email goes to an SMTP relay at `smtpUrl`; without one, each message is written as an `.eml`
 * file to `DATA_DIR/outbox/` (development and the embedded default).
 */
export interface MailConfig {
  smtpUrl: string | undefined;
  /** The From header of every message. */
  from: string;
  /** Worker threads that render messages (1 when unset); 0 renders on the event loop. */
  renderWorkers?: number;
}

/** An OpenAI-compatible endpoint (a hosted API, vLLM, Ollama, llama.cpp's server), or none. */
export interface AnalystConfig {
  model: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  /** The longest a written analysis or an answer may take before the built-in text serves. */
  timeoutMs: number;
  /** Calls to the model running at once on this server, for everyone together. */
  concurrentCalls: number;
  /** Calls to the model one user's requests may have running at once on this server. */
  concurrentCallsPerUser: number;
  /**
   * Without `model`: the OpenAI-compatible address looked for at start-up (a local Ollama),
   * offered in the log when it answers, and used when `use` (LLM_AUTODETECT=true), with
   * `model` when set (LLM_MODEL) or else the first model it lists. Unset: nothing is looked for.
   */
  autodetect?: { baseUrl: string; use: boolean; model: string | undefined };
}

/** Ollama's OpenAI-compatible API on its standard local address. */
const localModelServer = 'http://127.0.0.1:11434/v1';

/** How many calls to the model may run at once (docs/PRODUCT.md §7.4), unless configured. */
export const defaultModelConcurrency = { concurrentCalls: 16, concurrentCallsPerUser: 2 };

/** `test` runs offline with Stripe's published test cards; `stripe` uses a Stripe account. */
export type BillingConfig = { provider: 'test' } | { provider: 'stripe'; stripe: StripeSettings };

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  prices: { pro: string; enterprise: string };
  webhookSecret: string;
  /** Another API address than Stripe's (tests point it at a fake on 127.0.0.1). */
  apiBase: URL | undefined;
}

/**
 * `simulated` runs offline (`startsAt`: the instant its clock reads when the server starts,
 * for demos and tests outside market hours); `finnhub` calls Finnhub's REST API with the
 * server's key and, unless `stream` is null, keeps its trade stream open.
 */
export type MarketConfig =
  | { provider: 'simulated'; startsAt?: number }
  | {
      provider: 'finnhub';
      apiKey: string;
      baseUrl: string;
      callsPerMinute?: number;
      stream?: FinnhubStreamConfig | null;
    };

export interface FinnhubStreamConfig {
  /** wss://ws.finnhub.io (tests point it at a fake on 127.0.0.1). */
  url: string;
  /** Symbols the plan streams at once (free: 50). */
  symbolLimit: number;
}

/**
 * Daily history: `simulated` with the simulated market; with Finnhub, its daily candles
 * (paid keys) or Tiingo's end-of-day prices.
 */
export type HistoryConfig =
  | { provider: 'simulated' }
  | { provider: 'finnhub' }
  | {
      provider: 'tiingo';
      apiKey: string;
      baseUrl: string;
      callsPerHour: number;
      callsPerDay: number;
    };

/**
 * SEC filings: `edgar` reads EDGAR's public JSON (no key; the User-Agent names the server and
 * its MAIL_FROM address, as the SEC asks); `none` lists none. Default: `edgar` with a real
 * market provider, `none` offline.
 */
export type FilingsConfig =
  | { provider: 'none' }
  | {
      provider: 'edgar';
      baseUrl: string;
      /** Where filing documents are linked and read (a filing summary reads its text). */
      archiveBaseUrl?: string;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value throws a one-line ConfigError naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'bad value'}`);
  }
  const env = parsed.data;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    throw new ConfigError(
      'Invalid METRICS_PORT: it must differ from PORT, so that /metrics stays off the public port',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const trustedOrigins = new Set([
    `http://localhost:${env.PORT}`,
    `http://127.0.0.1:${env.PORT}`,
    ...(env.NODE_ENV === 'development' ? ['http://localhost:5173', 'http://127.0.0.1:5173'] : []),
    ...(env.TRUSTED_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ]);
  trustedOrigins.delete(publicUrl);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    migrateOnStart: env.MIGRATE_ON_START === 'true',
    ...(env.METRICS_PORT === undefined
      ? {}
      : { metrics: { host: env.METRICS_HOST, port: env.METRICS_PORT } }),
    webDistDir: env.WEB_DIST_DIR ? resolve(env.WEB_DIST_DIR) : undefined,
    publicUrl,
    trustedOrigins: [...trustedOrigins],
    authSecret: env.AUTH_SECRET,
    certificateSigningKey: env.CERTIFICATE_SIGNING_KEY,
    certificateRetiredPublicKeys: (env.CERTIFICATE_RETIRED_PUBLIC_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    market: parseMarket(env, publicUrl),
    history: parseHistory(env),
    filings: parseFilings(env),
    backgroundJobs: env.BACKGROUND_JOBS === 'true',
    simulationControl: parseSimulationControl(env, publicUrl),
    webhooksAllowLoopback: parseWebhooksAllowLoopback(env, publicUrl),
    billing: parseBilling(env, publicUrl),
    limits: parseLimits(env),
    analyst: parseAnalyst(env),
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `Tickerwise <no-reply@${new URL(publicUrl).hostname}>`,
      renderWorkers: env.EMAIL_RENDER_WORKERS ?? 1,
    },
  };
}

function parseAnalyst(env: Env): AnalystConfig {
  const timeoutMs = env.LLM_TIMEOUT_MS;
  const concurrency = {
    concurrentCalls: env.LLM_CONCURRENT_CALLS ?? defaultModelConcurrency.concurrentCalls,
    concurrentCallsPerUser:
      env.LLM_CONCURRENT_CALLS_PER_USER ?? defaultModelConcurrency.concurrentCallsPerUser,
  };
  const autodetect = {
    baseUrl: localModelServer,
    use: env.LLM_AUTODETECT === 'true',
    model: env.LLM_MODEL,
  };
  if (!env.LLM_BASE_URL && (!env.LLM_MODEL || autodetect.use)) {
    return { model: null, timeoutMs, ...concurrency, autodetect };
  }
  if (!env.LLM_BASE_URL)
    throw new ConfigError(
      'Invalid LLM_BASE_URL: required when LLM_MODEL is set (or set LLM_AUTODETECT=true)',
    );
  if (!env.LLM_MODEL) throw new ConfigError('Invalid LLM_MODEL: required when LLM_BASE_URL is set');
  return {
    model: {
      baseUrl: env.LLM_BASE_URL.replace(/\/$/, ''),
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
    },
    timeoutMs,
    ...concurrency,
  };
}

function parseWebhooksAllowLoopback(env: Env, publicUrl: string): boolean {
  if (env.WEBHOOKS_ALLOW_LOOPBACK !== 'true') return false;
  // A production build may use it only as a test server on this machine (the e2e run).
  const host = new URL(publicUrl).hostname;
  const localServer = host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
  if (env.NODE_ENV === 'production' && !localServer) {
    throw new ConfigError(
      'Invalid WEBHOOKS_ALLOW_LOOPBACK: it lets alert destinations reach this machine, so it is for tests only, never with NODE_ENV=production on a PUBLIC_URL other than 127.0.0.1 or localhost',
    );
  }
  return true;
}

function parseSimulationControl(env: Env, publicUrl: string): boolean {
  if (env.SIMULATION_CONTROL !== 'true') return false;
  if (env.MARKET_PROVIDER !== 'simulated') {
    throw new ConfigError('Invalid SIMULATION_CONTROL: only the simulated market can be steered');
  }
  if (publicUrl.startsWith('https://')) {
    throw new ConfigError(
      'Invalid SIMULATION_CONTROL: it steers prices, so it is for test servers only, never on an https PUBLIC_URL',
    );
  }
  return true;
}

function parseMarket(env: Env, publicUrl: string): MarketConfig {
  if (env.MARKET_PROVIDER === 'simulated') {
    // An https address means real users: they must not be shown made-up prices by accident.
    if (publicUrl.startsWith('https://') && env.ALLOW_SIMULATED_MARKET !== 'true') {
      throw new ConfigError(
        'Invalid MARKET_PROVIDER: the simulated market shows made-up prices; on an https PUBLIC_URL set MARKET_PROVIDER=finnhub, or ALLOW_SIMULATED_MARKET=true for a test deployment',
      );
    }
    return env.SIMULATED_MARKET_START
      ? { provider: 'simulated', startsAt: Date.parse(env.SIMULATED_MARKET_START) }
      : { provider: 'simulated' };
  }
  if (env.SIMULATED_MARKET_START) {
    throw new ConfigError(
      'Invalid SIMULATED_MARKET_START: only the simulated market can run at another time',
    );
  }
  if (!env.FINNHUB_API_KEY) {
    throw new ConfigError('Invalid FINNHUB_API_KEY: required when MARKET_PROVIDER is finnhub');
  }
  return {
    provider: 'finnhub',
    apiKey: env.FINNHUB_API_KEY,
    baseUrl: env.FINNHUB_BASE_URL.replace(/\/$/, ''),
    callsPerMinute: env.FINNHUB_CALLS_PER_MINUTE,
    stream:
      env.FINNHUB_STREAM === 'true'
        ? { url: env.FINNHUB_STREAM_URL, symbolLimit: env.FINNHUB_STREAM_SYMBOLS }
        : null,
  };
}

function parseFilings(env: Env): FilingsConfig {
  // Offline by default: EDGAR is asked only by a server on real market data, or when told to.
  const provider = env.FILINGS_PROVIDER ?? (env.MARKET_PROVIDER === 'finnhub' ? 'edgar' : 'none');
  if (provider === 'none') return { provider };
  return {
    provider,
    baseUrl: env.EDGAR_BASE_URL.replace(/\/$/, ''),
    archiveBaseUrl: env.EDGAR_ARCHIVE_BASE_URL.replace(/\/$/, ''),
  };
}

function parseHistory(env: Env): HistoryConfig {
  const provider = env.HISTORY_PROVIDER ?? env.MARKET_PROVIDER;
  // Simulated and real prices never mix: the bars must agree with the quotes.
  if ((provider === 'simulated') !== (env.MARKET_PROVIDER === 'simulated')) {
    throw new ConfigError(
      `Invalid HISTORY_PROVIDER: ${provider} history needs ${provider === 'simulated' ? 'the simulated' : 'a real'} MARKET_PROVIDER`,
    );
  }
  if (provider !== 'tiingo') return { provider };
  if (!env.TIINGO_API_KEY) {
    throw new ConfigError('Invalid TIINGO_API_KEY: required when HISTORY_PROVIDER is tiingo');
  }
  return {
    provider: 'tiingo',
    apiKey: env.TIINGO_API_KEY,
    baseUrl: env.TIINGO_BASE_URL.replace(/\/$/, ''),
    callsPerHour: env.TIINGO_CALLS_PER_HOUR,
    callsPerDay: env.TIINGO_CALLS_PER_DAY,
  };
}

function parseLimits(env: Env): Limits {
  const limits = defaultLimits;
  return {
    signInFailures: env.LIMIT_SIGN_IN_FAILURES ?? limits.signInFailures,
    signInFailuresPerEmail: env.LIMIT_SIGN_IN_FAILURES_PER_EMAIL ?? limits.signInFailuresPerEmail,
    signInFailuresPerAddress:
      env.LIMIT_SIGN_IN_FAILURES_PER_ADDRESS ?? limits.signInFailuresPerAddress,
    signUpsPerAddress: env.LIMIT_SIGN_UPS_PER_ADDRESS ?? limits.signUpsPerAddress,
    signUpsPerEmail: env.LIMIT_SIGN_UPS_PER_EMAIL ?? limits.signUpsPerEmail,
    authRequestsPerAddress: env.LIMIT_AUTH_REQUESTS_PER_ADDRESS ?? limits.authRequestsPerAddress,
    passwordChangesPerAddress:
      env.LIMIT_PASSWORD_CHANGES_PER_ADDRESS ?? limits.passwordChangesPerAddress,
    failedPaymentsPerAccount:
      env.LIMIT_FAILED_PAYMENTS_PER_ACCOUNT ?? limits.failedPaymentsPerAccount,
    failedPaymentsPerAddress:
      env.LIMIT_FAILED_PAYMENTS_PER_ADDRESS ?? limits.failedPaymentsPerAddress,
    apiRequestsPerKey: env.LIMIT_API_REQUESTS_PER_KEY ?? limits.apiRequestsPerKey,
    emailsPerRecipient: env.LIMIT_EMAILS_PER_RECIPIENT ?? limits.emailsPerRecipient,
    passwordResetsPerAddress:
      env.LIMIT_PASSWORD_RESETS_PER_ADDRESS ?? limits.passwordResetsPerAddress,
    eventStreamsPerUser: env.LIMIT_EVENT_STREAMS_PER_USER ?? limits.eventStreamsPerUser,
    eventStreamsPerAddress: env.LIMIT_EVENT_STREAMS_PER_ADDRESS ?? limits.eventStreamsPerAddress,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

function parseBilling(env: Env, publicUrl: string): BillingConfig {
  if (env.PAYMENT_PROVIDER === 'test') {
    // An https address means real users: test cards must not buy them paid plans unless the
    // operator says this is a test deployment.
    if (publicUrl.startsWith('https://') && env.ALLOW_TEST_PAYMENTS !== 'true') {
      throw new ConfigError(
        'Invalid PAYMENT_PROVIDER: test payments grant paid plans for free; on an https PUBLIC_URL set PAYMENT_PROVIDER=stripe, or ALLOW_TEST_PAYMENTS=true for a test deployment',
      );
    }
    return { provider: 'test' };
  }
  const required = (name: keyof Env): string => {
    const value = env[name];
    if (typeof value !== 'string') {
      throw new ConfigError(`Invalid ${name}: required when PAYMENT_PROVIDER is stripe`);
    }
    return value;
  };
  return {
    provider: 'stripe',
    stripe: {
      secretKey: required('STRIPE_SECRET_KEY'),
      publishableKey: required('STRIPE_PUBLISHABLE_KEY'),
      prices: {
        pro: required('STRIPE_PRICE_PRO'),
        enterprise: required('STRIPE_PRICE_ENTERPRISE'),
      },
      webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
      apiBase: env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined,
    },
  };
}
