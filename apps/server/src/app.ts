import { existsSync } from 'node:fs';
import fastifyCompress from '@fastify/compress';
import type { CompiledLearnContent } from '@tickerwise/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { registerNormalPathCheck } from './http/normal-path.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerRequestId, requestIdOf } from './http/request-id.ts';
import { registerRouteAccess } from './http/route-access.ts';
import {
  registerSecurityHeaders,
  securityHeaderOptions,
  securityHeaderWriter,
} from './http/security-headers.ts';
import { registerApiNotFound, registerSpa } from './http/spa.ts';
import { registerDrain } from './lifecycle/drain.ts';
import { Scheduler } from './lifecycle/scheduler.ts';
import { closeHookLimitMs } from './lifecycle/stop-budget.ts';
import {
  earningsWeekRoutes,
  marketPublicRoutes,
  registerMarketData,
  symbolPublicRoutes,
} from './market-data/index.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { createAccountService } from './modules/account/service.ts';
import { alertMailDataPart, registerAlertMail } from './modules/alert-mail/service.ts';
import { alertsDataPart } from './modules/alerts/alert-data.ts';
import { alertPublicRoutes } from './modules/alerts/public-routes.ts';
import { registerAlerts } from './modules/alerts/register-alerts.ts';
import type { IndicatorSource } from './modules/alerts/service.ts';
import { analysisDataPart } from './modules/analysis/analysis-data.ts';
import { analysisPublicRoutes } from './modules/analysis/public-routes.ts';
import { registerAnalysis } from './modules/analysis/register-analysis.ts';
import { technicalHistoryBars } from './modules/analysis/service.ts';
import { apiKeyPublicRoutes } from './modules/apikeys/public-routes.ts';
import { registerApiKeys } from './modules/apikeys/register-apikeys.ts';
import type { ApiKeyService } from './modules/apikeys/service.ts';
import { accountDataPart, signInSecurityDataPart } from './modules/auth/account-data.ts';
import { type Auth, createAuth } from './modules/auth/auth.ts';
import { EmailChanges } from './modules/auth/email-change.ts';
import { emailChangeRoutes } from './modules/auth/email-change-routes.ts';
import { requireUserSoon, useSessionClock } from './modules/auth/guard.ts';
import { PasswordConfirmations } from './modules/auth/password-confirmation.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { resolveSecret } from './modules/auth/server-secret.ts';
import { sessionRoutes } from './modules/auth/session-routes.ts';
import { billingCspDirectives, registerBilling } from './modules/billing/register-billing.ts';
import { registerReceipts } from './modules/billing/register-receipts.ts';
import type { BillingService } from './modules/billing/service.ts';
import { communityDataPart } from './modules/community/community-data.ts';
import { communityMessagesDataPart } from './modules/community/messages-data.ts';
import { communityModerationDataPart } from './modules/community/moderation-data.ts';
import { registerCommunity } from './modules/community/service.ts';
import { communitySocialDataPart } from './modules/community/social-data.ts';
import {
  accountDeletedEmail,
  billingNoticeEmail,
  confirmEmailChangeEmail,
  emailChangedNoticeEmail,
  emailChangeTakenEmail,
  newDeviceEmail,
  passwordResetEmail,
  type RenderWorkerEntry,
  registerEmail,
  signInCodeEmail,
  twoFactorChangedEmail,
  verificationRoutes,
  verifyEmail,
} from './modules/email/service.ts';
import { registerEntitlements } from './modules/entitlements/register-entitlements.ts';
import type { EntitlementService } from './modules/entitlements/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { checkHealth } from './modules/health/service.ts';
import { integrationsDataPart, registerIntegrations } from './modules/integrations/service.ts';
import { invitationRoutes } from './modules/invitations/routes.ts';
import { Invitations } from './modules/invitations/service.ts';
import { loadLearnContent } from './modules/learn/content.ts';
import { learnDataPart } from './modules/learn/learn-data.ts';
import { registerLearn } from './modules/learn/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { notificationsDataPart } from './modules/notifications/service.ts';
import { backupRoutes } from './modules/operator/backup-routes.ts';
import { registerOperatorAccess, requireOperator } from './modules/operator/operator-access.ts';
import { portfoliosDataPart } from './modules/portfolio/portfolio-data.ts';
import { portfolioPublicRoutes } from './modules/portfolio/public-routes.ts';
import { registerPortfolios } from './modules/portfolio/register-portfolios.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import {
  createProfile,
  initialTier,
  profileDataPart,
  renameProfile,
} from './modules/profiles/service.ts';
import { ChangeBus } from './modules/realtime/change-bus.ts';
import { LivePrices } from './modules/realtime/live-prices.ts';
import { liveRoutes } from './modules/realtime/live-routes.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';
import { registerScreener, screenerDataPart } from './modules/screener/service.ts';
import { registerSupport, supportDataPart } from './modules/support/service.ts';
import {
  registerTeams,
  releaseClosingAccount,
  teamPublicRoutes,
  teamsDataPart,
} from './modules/teams/service.ts';
import { registerTools } from './modules/tools/service.ts';
import { watchlistPublicRoutes } from './modules/watchlists/public-routes.ts';
import { registerWatchlists } from './modules/watchlists/service.ts';
import { watchlistsDataPart } from './modules/watchlists/watchlist-data.ts';
import { Metrics } from './observability/metrics.ts';
import { publicApiDocsRoutes } from './public-api/docs-routes.ts';
import { PublicApi } from './public-api/public-api.ts';
import { UserDataRegistry } from './user-data/user-data.ts';

export interface AppDeps {
  /** An open, migrated database; by default one is opened from the config. */
  database?: Database;
  /** What time it is for every date rule; tests set it. By default the system's. */
  clock?: Clock;
  /**
   * Where error-level log lines go instead of the configured logger: tests collect them, so a
   * logged failure no test expected fails it (`test/error-logs.ts`).
   */
  errorLog?: { write(line: string): void };
  /** The compiled courses; by default loaded at start (modules/learn/content.ts). */
  learnContent?: CompiledLearnContent;
  /**
   * Where email render workers start; by default `email-render-worker` next to this file.
   * `null` renders in-process (test apps, but for the tests of the workers themselves: a
   * worker's start from source through tsx takes seconds).
   */
  emailRenderWorker?: RenderWorkerEntry | null;
}

/**
 * The email render worker beside this module: from source through tsx (development, tests),
 * or bundled next to dist/main.js (scripts/build.mjs). A bundle built without it (a benchmark's
 * own server) has none, and renders on the event loop.
 */
function emailRenderWorker(): RenderWorkerEntry | undefined {
  if (import.meta.url.endsWith('.ts')) {
    return { url: new URL('./email-render-worker.ts', import.meta.url) };
  }
  const url = new URL('./email-render-worker.js', import.meta.url);
  return existsSync(url) ? { url } : undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    auth: Auth;
    billing: BillingService;
    entitlements: EntitlementService;
    apiKeys: ApiKeyService;
    /** Invitation codes to the Alpha Tester plan (`npm run invite`). */
    invitations: Invitations;
    /** Every module's part of a user's data (the export; its test checks every user table). */
    userData: UserDataRegistry;
    /** The public API's routes, as its reference lists them. */
    publicApi: PublicApi;
    /** This instance's periodic work, stopped when the app closes (lifecycle/scheduler.ts). */
    scheduler: Scheduler;
    /** Prometheus metrics, served on `METRICS_PORT` (observability/metrics.ts). */
    metrics: Metrics;
  }
}

/** Builds the whole HTTP app from a config. Tests call this in-process; main.ts listens. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const securityHeaders = securityHeaderOptions(config, billingCspDirectives(config.billing));
  const app = Fastify({
    logger: deps.errorLog
      ? { level: 'error', stream: deps.errorLog }
      : config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            // Readable logs while developing; JSON lines everywhere else.
            ...(config.env === 'development'
              ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
              : {}),
          },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // One id per request, the proxy's when it sends one: in every log line and the answer.
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    forceCloseConnections: true,
    // Also the limit on each preClose hook, which a graceful stop's waits fit well inside.
    pluginTimeout: closeHookLimitMs,
    frameworkErrors: frameworkErrorHandler(securityHeaderWriter(securityHeaders)),
  });
  // Made before the database, whose own periodic work (PGlite's log flushes, checkpoints and
  // statistics) runs on it too; stopped before the database closes.
  const scheduler = new Scheduler(app.log);
  app.decorate('scheduler', scheduler);
  app.addHook('preClose', () => scheduler.stop());
  // A graceful stop: requests in flight finish, live streams reconnect elsewhere, and the job
  // runners take no more jobs from its start (main.ts, lifecycle/drain.ts).
  registerDrain(app).onStart(() => void scheduler.windDown());
  const database =
    deps.database ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      warn: (message) => app.log.warn(message),
      scheduler,
      migrate: config.migrateOnStart === false ? 'check' : true,
    }));
  app.decorate('database', database);
  if (!deps.database) app.addHook('onClose', () => database.close());
  const clock = deps.clock ?? systemClock;
  const metrics = new Metrics({ database, clock });
  app.decorate('metrics', metrics);
  app.addHook('onClose', () => metrics.close());
  // Before every route, so that each one's answers are counted (by route pattern).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.recordRequest(request, reply);
    done();
  });
  metrics.nameUpstreams({
    finnhub: config.market.provider === 'finnhub' ? config.market.baseUrl : undefined,
    tiingo: config.history?.provider === 'tiingo' ? config.history.baseUrl : undefined,
    edgar: config.filings?.provider === 'edgar' ? config.filings.baseUrl : undefined,
    llm: config.analyst.model?.baseUrl ?? config.analyst.autodetect?.baseUrl,
  });

  registerErrorHandling(app);
  registerRequestId(app);
  registerSecurityHeaders(app, securityHeaders);
  registerNormalPathCheck(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerOriginCheck(app, [config.publicUrl, ...config.trustedOrigins]);

  const { db } = database;
  const authSecret = await resolveSecret(db, 'auth', config.authSecret);
  const mail = await registerEmail(app, {
    config,
    db,
    clock,
    secret: authSecret,
    renderWorker:
      deps.emailRenderWorker === undefined
        ? emailRenderWorker()
        : (deps.emailRenderWorker ?? undefined),
  });
  const invitations = new Invitations(db, clock);
  app.decorate('invitations', invitations);
  const auth = createAuth({
    db,
    log: (level, message) => app.log[level]({ module: 'auth' }, message),
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    secret: authSecret,
    limits: config.limits,
    onUserCreated: async (user, chosenPlan) => {
      // Alpha only with the invitation code this sign-up claimed (docs/PRODUCT.md §4.1).
      const invited = chosenPlan === 'alpha' && (await invitations.attachSignUp(user));
      await createProfile(db, user, initialTier(chosenPlan, invited));
    },
    sendPasswordReset: (user, url) => mail.mailer.sendInBackground(passwordResetEmail(user, url)),
    sendEmailVerification: (user, url) => mail.mailer.sendInBackground(verifyEmail(user, url)),
    onPasswordReset: async (userId) => {
      await registeredApiKeys().revokeAll(userId);
    },
  });
  app.decorate('auth', auth);
  useSessionClock(auth, clock);
  const operator = registerOperatorAccess(app, config.dataDir);
  let apiKeys: ApiKeyService | undefined;
  // Routes are served only once the app is ready, long after the keys are registered.
  const registeredApiKeys = (): ApiKeyService => {
    if (!apiKeys) throw new Error('API keys are not registered yet');
    return apiKeys;
  };
  registerRouteAccess(app, {
    user: (request) => requireUserSoon(auth, request),
    operator: (request) => requireOperator(operator, auth, request),
    apikey: async (request, reply) => {
      request.apiCaller = await registeredApiKeys().authenticate(request, reply);
    },
  });
  const passwordConfirmations = new PasswordConfirmations(db, config.limits.signInFailures, clock);
  const userData = new UserDataRegistry();
  app.decorate('userData', userData);

  metrics.readMarket(() => app.marketData.market.status());
  await app.register(healthRoutes, {
    database,
    marketStatus: () => app.marketData.market.status(),
    mailStatus: () => app.mail.outbox.health(),
  });
  await app.register(authRoutes, {
    auth,
    database,
    publicUrl: config.publicUrl,
    secret: authSecret,
    clock,
    limits: config.limits,
    onUserRenamed: (userId, name) => renameProfile(db, userId, name),
    claimInvitation: (code, email) => invitations.claimForSignUp(code, email),
    databaseIsDown: async () => (await checkHealth(database)).db === 'down',
    passwordConfirmations,
    onPasswordChanged: async (userId) => {
      await registeredApiKeys().revokeAll(userId);
    },
    notices: {
      twoFactorChanged: (account, enabled, at) =>
        mail.mailer.sendInBackground(twoFactorChangedEmail(account, enabled, at)),
      newDevice: (account, details) =>
        mail.mailer.sendInBackground(newDeviceEmail(account, details)),
      signInCode: (account, code) => mail.mailer.sendInBackground(signInCodeEmail(account, code)),
    },
    revokeApiKeys: (userId) => registeredApiKeys().revokeAll(userId),
  });
  await app.register(sessionRoutes, {
    auth,
    db,
    revokeApiKeys: (userId) => registeredApiKeys().revokeAll(userId),
  });
  userData.add(accountDataPart(db));
  userData.add(signInSecurityDataPart(db));
  await app.register(profileRoutes, { auth, db });
  await app.register(verificationRoutes, { auth, db, clock });
  const emailChanges = new EmailChanges({
    db,
    clock,
    publicUrl: config.publicUrl,
    confirmPassword: (userId, password) => passwordConfirmations.confirm(auth, userId, password),
    messages: {
      confirm: (holder, newEmail, url) =>
        mail.mailer.sendInBackground(confirmEmailChangeEmail(holder, newEmail, url)),
      taken: (newEmail) => mail.mailer.sendInBackground(emailChangeTakenEmail(newEmail)),
      changed: (holder, change) =>
        mail.mailer.sendInBackground(emailChangedNoticeEmail(holder, change)),
    },
  });
  await app.register(emailChangeRoutes, { auth, changes: emailChanges });
  userData.add(profileDataPart(db));
  const entitlements = await registerEntitlements(app, { auth, database, clock });
  app.decorate('entitlements', entitlements);
  userData.add(entitlements.dataPart);
  const billing = await registerBilling(app, {
    config: config.billing,
    auth,
    db,
    clock,
    limits: config.limits,
    claimInvitation: (tx, code, userId) => invitations.claimForUser(tx, code, userId),
  });
  app.decorate('billing', billing);
  await registerReceipts(app, {
    auth,
    db,
    clock,
    publicUrl: config.publicUrl,
    backgroundJobs: config.backgroundJobs !== false,
    send: async (notice) => {
      await mail.mailer.send(billingNoticeEmail(notice, config.publicUrl));
    },
  });
  userData.add(billing.dataPart);
  apiKeys = await registerApiKeys(app, {
    auth,
    database,
    clock,
    entitlements,
    rateLimit: config.limits.apiRequestsPerKey,
    confirmPassword: (userId, password) => passwordConfirmations.confirm(auth, userId, password),
  });
  app.decorate('apiKeys', apiKeys);
  userData.add(apiKeys.dataPart);
  const marketData = await registerMarketData(app, {
    config,
    auth,
    db,
    clock,
    scheduler,
    entitlements: app.entitlements,
  });
  const analysis = await registerAnalysis(app, {
    config: config.analyst,
    auth,
    db,
    clock,
    entitlements: app.entitlements,
    marketData,
  });
  userData.add(analysisDataPart(db));
  // Indicator alerts and the watchlist's rating read the analyst's technical readings.
  const indicators: IndicatorSource = {
    read: (symbol, bars) => analysis.technicals.reading(symbol, bars),
    barsPerReading: technicalHistoryBars,
  };
  const alerts = await registerAlerts(app, {
    auth,
    clock,
    database,
    room: app.entitlements,
    marketData,
    indicators,
    keepQuotes: config.backgroundJobs !== false,
  });
  userData.add(alertsDataPart(db));
  await registerTools(app, { history: marketData.history, clock });
  const watchlists = await registerWatchlists(app, {
    auth,
    db,
    clock,
    room: app.entitlements,
    marketData,
    indicators,
  });
  userData.add(watchlistsDataPart(db));
  await registerScreener(app, {
    auth,
    db,
    entitlements: app.entitlements,
    marketData,
    ratings: {
      read: (symbol, bars) => analysis.technicals.reading(symbol, bars),
      barsPerReading: technicalHistoryBars,
    },
    backgroundJobs: config.backgroundJobs !== false,
    clock,
  });
  userData.add(screenerDataPart(db));
  await registerAlertMail(app, {
    auth,
    db,
    clock,
    mail,
    publicUrl: config.publicUrl,
    history: marketData.history,
    indicators,
    backgroundJobs: config.backgroundJobs !== false,
  });
  userData.add(alertMailDataPart(db));
  await registerIntegrations(app, {
    auth,
    database,
    clock,
    mail,
    publicUrl: config.publicUrl,
    secret: authSecret,
    room: app.entitlements,
    policy: { allowLoopback: config.webhooksAllowLoopback === true },
    backgroundJobs: config.backgroundJobs !== false,
  });
  userData.add(integrationsDataPart(db));
  const teams = await registerTeams(app, {
    auth,
    db,
    clock,
    mail,
    publicUrl: config.publicUrl,
    entitlements: app.entitlements,
  });
  userData.add(teamsDataPart(db));
  await registerSupport(app, { auth, db, clock, mail, publicUrl: config.publicUrl });
  userData.add(supportDataPart(db));
  const portfolios = await registerPortfolios(app, {
    auth,
    db,
    room: app.entitlements,
    market: marketData.market,
    history: marketData.history,
    standing: marketData.standing,
    clock,
    marketNow: marketData.now,
  });
  // "Earnings this week": the stocks the user's real portfolios hold and watchlists list.
  await app.register(earningsWeekRoutes, {
    auth,
    market: marketData.market,
    research: marketData.research,
    followed: {
      held: (userId) => portfolios.heldSymbols(userId),
      watched: async (userId) =>
        (await watchlists.store.list(userId)).flatMap((list) => list.symbols),
    },
  });
  // The live streams' change bus (started by the realtime routes): the community announces
  // new posts through it, each reader their own event (ADR 0076).
  const changes = new ChangeBus(
    database,
    (payload) => app.log.warn({ payload }, 'ignored a malformed change announcement'),
    () => clock().getTime(),
  );
  // After the portfolios: posts show holdings checked against the author's real portfolios.
  await registerCommunity(app, {
    changes,
    auth,
    db,
    clock,
    market: marketData.market,
    history: marketData.history,
    heldSymbols: (userId) => portfolios.heldSymbols(userId),
    writeSlots: config.communityWrites,
  });
  userData.add(communityDataPart(db));
  userData.add(communitySocialDataPart(db));
  userData.add(communityModerationDataPart(db));
  userData.add(communityMessagesDataPart(db));
  const live = new LivePrices({ market: marketData.market, now: () => clock().getTime() });
  await app.register(realtimeRoutes, {
    auth,
    database,
    limits: config.limits,
    live,
    bus: changes,
  });
  await app.register(liveRoutes, {
    auth,
    database,
    live,
    market: marketData.market,
    entitlements: app.entitlements,
  });
  userData.add(portfoliosDataPart(db));
  await registerLearn(app, {
    auth,
    database,
    clock,
    content: deps.learnContent ?? loadLearnContent(),
    signing: {
      configured: config.certificateSigningKey,
      retiredPublicKeys: config.certificateRetiredPublicKeys ?? [],
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      stored: () => resolveSecret(db, 'certificate-signing'),
    },
  });
  userData.add(learnDataPart(db));
  await app.register(notificationRoutes, { auth, db, operator });
  userData.add(notificationsDataPart(db));
  await app.register(backupRoutes, { database, clock });
  await app.register(invitationRoutes, { invitations });
  userData.add(invitations.dataPart());
  const account = createAccountService({
    db,
    clock,
    userData,
    billing,
    releaseFromTeams: releaseClosingAccount,
    confirmPassword: (userId, password) => passwordConfirmations.confirm(auth, userId, password),
    onAccountDeleted: (closed) =>
      mail.mailer.sendInBackground(accountDeletedEmail(closed, clock())),
  });
  await app.register(accountRoutes, { auth, account, clock });

  // The public API: one line per module (docs/ARCHITECTURE.md, "Adding a public API route").
  const publicApi = new PublicApi(app);
  app.decorate('publicApi', publicApi);
  apiKeyPublicRoutes(publicApi, { apiKeys });
  marketPublicRoutes(publicApi, marketData);
  symbolPublicRoutes(publicApi, marketData);
  analysisPublicRoutes(publicApi, { analysis });
  watchlistPublicRoutes(publicApi, { ...watchlists, market: marketData.market });
  alertPublicRoutes(publicApi, { store: alerts.store });
  portfolioPublicRoutes(publicApi, { portfolios });
  teamPublicRoutes(publicApi, { teams });
  await app.register(publicApiDocsRoutes, {
    publicApi,
    rateLimit: config.limits.apiRequestsPerKey,
  });

  if (config.webDistDir) await registerSpa(app, config.webDistDir, config.publicUrl);
  else registerApiNotFound(app);

  return app;
}
