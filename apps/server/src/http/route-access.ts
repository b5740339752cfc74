import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from 'fastify';

/**
 * Who may call an `/api` route. Every `/api` route declares one in its config
 * (`{ config: { access: 'user' } }`); a route without one stops the server at start-up, so a
 * new route cannot ship open by omission.
 *
 * - `public`: anyone (health, prices of the plans, better-auth's own routes, which check
 *   their sessions themselves).
 * - `user`: a signed-in user; anything else is a 401 before the handler runs. Handlers still
 *   scope every query to that user: another user's id is a 404, never a 403 or their data.
 * - `operator`: the operator token of `DATA_DIR/operator.json` or a signed-in admin.
 * - `webhook`: a payment provider, which proves itself with a signature the handler checks.
 * - `apikey`: the public API under `/api/v1`: an API key in `Authorization: Bearer`, on a plan
 *   with API access, within the key's rate limit. Session cookies never count there, and keys
 *   never count anywhere else: an `apikey` route lives under `/api/v1`, and every `/api/v1`
 *   route is `apikey` (or `public`, as the API's own description is).
 */
export type RouteAccess = 'public' | 'user' | 'operator' | 'webhook' | 'apikey';

const accessLevels: readonly RouteAccess[] = ['public', 'user', 'operator', 'webhook', 'apikey'];

/** The public API's prefix: only `apikey` and `public` routes live under it. */
export const publicApiPrefix = '/api/v1';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every `/api` route with its access level, in registration order. */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

export interface RouteGuards {
  /**
   * Refuses (401) unless the request is signed in: at once when its session is known without
   * waiting (a plain value or a synchronous throw), else through the promise it returns.
   */
  user: (request: FastifyRequest) => unknown;
  /** Throws 401/403 unless the request is the operator or an admin. */
  operator: (request: FastifyRequest) => Promise<unknown>;
  /**
   * Throws 401, 402 or 429 unless the request carries a usable API key; sets
   * `request.apiCaller` and the rate limit fields of the answer.
   */
  apikey: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/** Calls `done` when `checked` settles: at once unless it is a promise. */
function settle(checked: unknown, done: HookHandlerDoneFunction): void {
  if (checked instanceof Promise) checked.then(() => done(), done);
  else done();
}

/**
 * Requires an access level on every `/api` route registered after this call and enforces
 * `user` and `operator` in an onRequest hook, before the body is even read.
 */
export function registerRouteAccess(app: FastifyInstance, guards: RouteGuards): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  const hooks: Partial<Record<RouteAccess, onRequestHookHandler>> = {
    // A callback hook: a signed-in request whose session is remembered passes with no promise.
    user: (request, _reply, done) => {
      let checked: unknown;
      try {
        checked = guards.user(request);
      } catch (error) {
        done(error as Error);
        return;
      }
      settle(checked, done);
    },
    operator: async (request) => {
      await guards.operator(request);
    },
    apikey: async (request, reply) => {
      await guards.apikey(request, reply);
    },
  };
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const methods = [route.method].flat();
    const access = route.config?.access;
    if (!access || !accessLevels.includes(access)) {
      throw new Error(
        `${methods.join(',')} ${route.url} declares no access level: give it config: { access: ${accessLevels.map((level) => `'${level}'`).join(' | ')} }`,
      );
    }
    const inPublicApi =
      route.url === publicApiPrefix || route.url.startsWith(`${publicApiPrefix}/`);
    if (inPublicApi ? access !== 'apikey' && access !== 'public' : access === 'apikey') {
      throw new Error(
        `${methods.join(',')} ${route.url}: API keys work under ${publicApiPrefix} only, and every ${publicApiPrefix} route takes one (or is public)`,
      );
    }
    for (const method of methods) routes.push({ method, url: route.url, access });
    const hook = hooks[access];
    if (hook) route.onRequest = [hook, ...[route.onRequest ?? []].flat()];
  });
}
