import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { registerNormalPathCheck } from './http/normal-path.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerRouteAccess } from './http/route-access.ts';
import { securityHeaderOptions, securityHeaderWriter } from './http/security-headers.ts';
import { registerApiNotFound, registerSpa } from './http/spa.ts';
import { registerMarketData } from './market-data/register-market-data.ts';
import { type Auth, createAuth } from './modules/auth/auth.ts';
import { requireUser } from './modules/auth/guard.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { resolveSecret } from './modules/auth/server-secret.ts';
import { registerBilling } from './modules/billing/register-billing.ts';
import type { BillingService } from './modules/billing/service.ts';
import { registerEntitlements } from './modules/entitlements/register-entitlements.ts';
import type { EntitlementService } from './modules/entitlements/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { checkHealth } from './modules/health/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { backupRoutes } from './modules/operator/backup-routes.ts';
import { registerOperatorAccess, requireOperator } from './modules/operator/operator-access.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { createProfile, initialTier, renameProfile } from './modules/profiles/service.ts';
import { LivePrices } from './modules/realtime/live-prices.ts';
import { liveRoutes } from './modules/realtime/live-routes.ts';
import { realtimeRoutes } from './modules/realtime/routes.ts';

export interface AppDeps {
  /** An open, migrated database; by default one is opened from the config. */
  database?: Database;
  /** What time it is for every date rule; tests set it. By default the system's. */
  clock?: Clock;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    auth: Auth;
    billing: BillingService;
    entitlements: EntitlementService;
  }
}

/** Builds the whole HTTP app from a config. Tests call this in-process; main.ts listens. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const securityHeaders = securityHeaderOptions(config);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
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
    forceCloseConnections: true,
    frameworkErrors: frameworkErrorHandler(securityHeaderWriter(securityHeaders)),
  });
  const database =
    deps.database ??
    (await openDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      warn: (message) => app.log.warn(message),
    }));
  app.decorate('database', database);
  if (!deps.database) app.addHook('onClose', () => database.close());

  registerErrorHandling(app);
  await app.register(fastifyHelmet, securityHeaders);
  registerNormalPathCheck(app);
  await app.register(fastifyCompress, { threshold: 1024 });
  registerOriginCheck(app, [config.publicUrl, ...config.trustedOrigins]);

  const { db } = database;
  const clock = deps.clock ?? systemClock;
  const auth = createAuth({
    db,
    log: (level, message) => app.log[level]({ module: 'auth' }, message),
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    secret: await resolveSecret(db, 'auth', config.authSecret),
    limits: config.limits,
    onUserCreated: (user, chosenPlan) => createProfile(db, user, initialTier(chosenPlan)),
  });
  app.decorate('auth', auth);
  const operator = registerOperatorAccess(app, config.dataDir);
  registerRouteAccess(app, {
    user: (request) => requireUser(auth, request),
    operator: (request) => requireOperator(operator, auth, request),
  });

  await app.register(healthRoutes, {
    database,
    marketStatus: () => app.marketData.market.status(),
  });
  await app.register(authRoutes, {
    auth,
    database,
    publicUrl: config.publicUrl,
    limits: config.limits,
    onUserRenamed: (userId, name) => renameProfile(db, userId, name),
    databaseIsDown: async () => (await checkHealth(database)).db === 'down',
  });
  await app.register(profileRoutes, { auth, db });
  app.decorate('entitlements', await registerEntitlements(app, { auth, db, clock }));
  const billing = await registerBilling(app, {
    config: config.billing,
    auth,
    db,
    clock,
    limits: config.limits,
  });
  app.decorate('billing', billing);
  const { market } = await registerMarketData(app, {
    config,
    auth,
    db,
    clock,
    entitlements: app.entitlements,
  });
  const live = new LivePrices({ market });
  await app.register(realtimeRoutes, { auth, database, limits: config.limits, live });
  await app.register(liveRoutes, { auth, database, live, market, entitlements: app.entitlements });
  await app.register(notificationRoutes, { auth, db, operator });
  await app.register(backupRoutes, { database });

  if (config.webDistDir) await registerSpa(app, config.webDistDir);
  else registerApiNotFound(app);

  return app;
}
