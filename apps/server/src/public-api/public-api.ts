import { parseTickerSymbol } from '@tickerwise/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, parseInput } from '../http/errors.ts';
import { publicApiPrefix } from '../http/route-access.ts';
import { type ApiCaller, apiCallerOf } from './api-caller.ts';

/** The sections of the API reference, in order, with what each holds. */
export const publicApiTags = {
  Account: 'The key in use and the plan it belongs to.',
  'Market data':
    'Quotes, intraday bars, daily history, company data and symbol search. Each answer says where its figures come from and as of when.',
  Analysis:
    'The AI analyst: rating, key figures and checks for free; a written analysis costs one AI credit the first time you open it each UTC day, here or on the screen.',
  Watchlists: 'Your watchlists, their symbols in your order and the figures of each row.',
  Alerts: 'Your price and indicator alerts, and every time they went off.',
  Portfolios: 'Your portfolios: holdings, transactions and performance.',
  Team: 'Your team: its members, their roles and the seats in use. Team watchlists are listed with your own, marked `shared`.',
} as const;
export type PublicApiTag = keyof typeof publicApiTags;

const notATicker =
  'This is not a ticker symbol: 1 to 6 letters and digits starting with a letter, and a class if any (BRK.B).';

/**
 * A ticker as a path or query of the API names it, in any case (`brk.b`, `BRK-B`). One that no
 * ticker could be spelt as is a 400 naming the field; a well-formed one nobody lists, a 404.
 */
export const publicSymbolSchema = z
  .string()
  .max(20, notATicker)
  .refine((value) => parseTickerSymbol(value) !== undefined, notATicker);

/** Answers a route gives beside 200, 401, 402 and 429 (which every route may give). */
export type DocumentedError = 400 | 404 | 409 | 503;

type NoInput = z.ZodObject<Record<never, never>>;

/** What a public API route handler is given. */
export interface PublicRouteContext<Params, Query> {
  params: Params;
  query: Query;
  /** The owner of the key: read only their data, or data every user may see. */
  caller: ApiCaller;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One route of the public API. The shared zod schemas are the contract: they parse the
 * parameters, and the reference at `/api/v1/openapi.json` is generated from them.
 */
export interface PublicRouteSpec<
  Params extends z.ZodObject = NoInput,
  Query extends z.ZodObject = NoInput,
  Response extends z.ZodType = z.ZodType,
> {
  /** A stable name for code generators: `getQuote`, `listWatchlists`. */
  operationId: string;
  tag: PublicApiTag;
  /** One line: "A stock's latest quote". */
  summary: string;
  /** More, in Markdown: what the figures mean, where they come from, what it costs. */
  description?: string;
  /** Path parameters, named as in the path (`/quotes/{symbol}`); their `.meta()` documents them. */
  params?: Params;
  query?: Query;
  /** The shared schema of the answer. */
  response: Response;
  /**
   * A realistic answer for the reference. The tests validate it against `response`, so it
   * cannot drift from the contract.
   */
  example: z.input<Response>;
  /** Values to call the route with in the reference's examples and in the tests. */
  exampleParams?: z.input<Params>;
  exampleQuery?: z.input<Query>;
  /** Other answers, with what they mean for this route ("No stock has this symbol"). */
  errors?: Partial<Record<DocumentedError, string>>;
  handler(
    context: PublicRouteContext<z.output<Params>, z.output<Query>>,
  ): Promise<z.input<Response>>;
}

/** A route as the reference lists it. */
export interface DocumentedRoute {
  /** `get` reads; `post` is the one kind of call that may change anything (spend a credit). */
  method: 'get' | 'post';
  /** OpenAPI form, under the prefix: `/quotes/{symbol}`. */
  path: string;
  spec: PublicRouteSpec<z.ZodObject, z.ZodObject, z.ZodType>;
}

/** `/quotes/{symbol}` -> `/quotes/:symbol` */
function fastifyPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

/**
 * The public API under `/api/v1` (docs/PRODUCT.md §3.20): every route takes an API key
 * (`apikey` access: the key, the plan and the rate limit are checked before the handler) and
 * is described in the generated OpenAPI document. A GET only reads: a call that spends
 * anything (an AI credit) is a POST, and a GET of its path answers 405 naming the POST. A
 * module adds a route with one call:
 *
 * ```ts
 * api.get('/quotes/{symbol}', { operationId: 'getQuote', tag: 'Market data', ..., handler });
 * ```
 */
export class PublicApi {
  private readonly documented: DocumentedRoute[] = [];

  constructor(private readonly app: FastifyInstance) {}

  /** Every route, in the order they were added (the reference keeps that order). */
  get routes(): readonly DocumentedRoute[] {
    return this.documented;
  }

  /** A read: answers the same, and changes nothing, however often it is called. */
  get<
    Params extends z.ZodObject = NoInput,
    Query extends z.ZodObject = NoInput,
    Response extends z.ZodType = z.ZodType,
  >(path: `/${string}`, spec: PublicRouteSpec<Params, Query, Response>): void {
    this.add('get', path, spec);
  }

  /**
   * A call that spends something of the caller's (an AI credit): never a GET or HEAD, which
   * links, prefetchers and `curl -I` send freely. A GET of the same path answers 405 with
   * `Allow: POST` and says to POST.
   */
  post<
    Params extends z.ZodObject = NoInput,
    Query extends z.ZodObject = NoInput,
    Response extends z.ZodType = z.ZodType,
  >(path: `/${string}`, spec: PublicRouteSpec<Params, Query, Response>): void {
    this.add('post', path, spec);
    const url = `${publicApiPrefix}${path}`;
    // Public: it reads nothing and spends nothing, so it needs no key to say where to go.
    this.app.get(`${publicApiPrefix}${fastifyPath(path)}`, { config: { access: 'public' } }, () => {
      throw new AppError(
        405,
        'method_not_allowed',
        `Send POST ${url} with your API key: this call can spend from your plan's allowance, and a GET or HEAD never changes anything.`,
        undefined,
        { allow: 'POST' },
      );
    });
  }

  private add<Params extends z.ZodObject, Query extends z.ZodObject, Response extends z.ZodType>(
    method: DocumentedRoute['method'],
    path: `/${string}`,
    spec: PublicRouteSpec<Params, Query, Response>,
  ): void {
    this.documented.push({
      method,
      path,
      spec: spec as unknown as DocumentedRoute['spec'],
    });
    this.app.route({
      method: method === 'get' ? 'GET' : 'POST',
      url: `${publicApiPrefix}${fastifyPath(path)}`,
      config: { access: 'apikey' },
      handler: async (request, reply) => {
        const params = (
          spec.params ? parseInput(spec.params, request.params) : {}
        ) as z.output<Params>;
        const query = (spec.query ? parseInput(spec.query, request.query) : {}) as z.output<Query>;
        reply.header('cache-control', 'private, no-store');
        return spec.handler({ params, query, caller: apiCallerOf(request), request, reply });
      },
    });
  }
}
