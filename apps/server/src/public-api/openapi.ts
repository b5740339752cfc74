import { alertFiredEventSchema, apiErrorSchema, testEventSchema } from '@tickerwise/shared';
import { z } from 'zod';
import type { RateLimit } from '../config.ts';
import { publicApiPrefix } from '../http/route-access.ts';
import { type DocumentedError, type DocumentedRoute, publicApiTags } from './public-api.ts';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), for embedding. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const rateLimitHeaderRefs = {
  RateLimit: { $ref: '#/components/headers/RateLimit' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};

const errorExample = (code: string, message: string) => ({ error: { code, message } });

const errorResponses = {
  BadRequest: {
    description:
      'A parameter is not valid (a malformed symbol or page cursor among them); `fields` names each.',
    example: {
      error: {
        code: 'validation_failed',
        message: 'Choose a range: 1m, 3m, 6m, 1y or 5y',
        fields: { range: 'Choose a range: 1m, 3m, 6m, 1y or 5y' },
      },
    },
  },
  Unauthorized: {
    description:
      'No API key, or one that is not valid (revoked, mistyped). A signed-in session does not count.',
    example: errorExample(
      'invalid_api_key',
      'This API key is not valid. It may have been revoked: create a new one in Settings, under API.',
    ),
  },
  UpgradeRequired: {
    description:
      "The key's owner is on a plan without API access (or, for analysis, without AI calls). `requiredTier` names the plan that has it.",
    example: {
      error: {
        code: 'upgrade_required',
        message: 'API access is part of the Enterprise plan and up. Upgrade to use it.',
        requiredTier: 'enterprise',
      },
    },
  },
  NotFound: {
    description: 'Nothing of yours, or nothing at all, has this name or id.',
    example: errorExample('not_found', 'Not found'),
  },
  Conflict: {
    description: 'The request conflicts with the current state.',
    example: errorExample('conflict', 'The request conflicts with the current state.'),
  },
  RateLimited: {
    description:
      "The key's requests for this window are used up (`rate_limited`; see `Retry-After`), or a daily quota of the plan is (`quota_exceeded`, with `resetsAt`).",
    example: errorExample(
      'rate_limited',
      'This API key made its 60 requests allowed a minute. Try again in 42 s.',
    ),
  },
  Unavailable: {
    description: 'A data source or the database cannot be reached right now; see `Retry-After`.',
    example: errorExample(
      'market_data_unavailable',
      'Market data is unavailable right now. Please try again in a moment.',
    ),
  },
} as const;

const responseOfError: Record<DocumentedError, keyof typeof errorResponses> = {
  400: 'BadRequest',
  404: 'NotFound',
  409: 'Conflict',
  503: 'Unavailable',
};

/** The parameters of a zod object, one per property, as OpenAPI lists them. */
function parameters(schema: z.ZodObject | undefined, where: 'path' | 'query', example?: object) {
  if (!schema) return [];
  const described = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(described.properties ?? {}).map(([name, property]) => {
    const { description, examples: _examples, ...propertySchema } = property;
    const value = (example as Record<string, unknown> | undefined)?.[name];
    return {
      name,
      in: where,
      required: where === 'path' || (described.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
      ...(value !== undefined ? { example: value } : {}),
    };
  });
}

function describeApi(rateLimit: RateLimit): string {
  const per = rateLimit.windowSeconds === 60 ? 'a minute' : `${rateLimit.windowSeconds} seconds`;
  return [
    'Read-only access to Tickerwise from your own scripts and spreadsheets, for the Enterprise and Alpha Tester plans. The sections below are everything it offers.',
    '',
    '**Methods.** Every `GET` only reads: it changes nothing and spends nothing, so a link, a prefetcher or a `HEAD` request is always safe. The one call that can spend from your plan, opening a written analysis (one AI credit when a language model writes it), is a `POST`; a `GET` of its path answers 405 with `Allow: POST`.',
    '',
    '**Authentication.** Create a key in Settings, under API, and send it in every request: `Authorization: Bearer tw_...`. The key is shown once; we keep only a hash of it. Revoking a key stops it everywhere at once. The API never accepts a signed-in browser session, and keys work nowhere else.',
    '',
    `**Rate limit.** Each key may make ${rateLimit.max} requests ${per}. Every answer carries the \`RateLimit-Policy\` and \`RateLimit\` fields (IETF draft \`draft-ietf-httpapi-ratelimit-headers\`): \`q\` is the quota and \`w\` the window in seconds, \`r\` what is left and \`t\` the seconds until the window starts again. Over the limit the answer is 429 with \`Retry-After\`.`,
    '',
    '**Errors** always have the shape `{"error": {"code", "message"}}`, with `fields` for a bad parameter, `requiredTier` when a plan is needed and `resetsAt` for a daily quota.',
    '',
    '**Provenance.** Market figures say where they come from (`source`: `simulated` when Tickerwise runs on its offline simulation) and as of when. Nothing simulated is presented as real.',
  ].join('\n');
}

const webhookHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      "The event's id (`msg_` and 32 hex digits): the same on every retry and on a resend, so a receiver can skip an event it already has.",
    schema: { type: 'string', pattern: '^msg_[0-9a-f]{32}$' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in whole seconds since 1970 (UTC). Refuse it when it is more than 5 minutes from your clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the base64-decoded part of your signing secret after `whsec_` (the Standard Webhooks scheme). Compare in constant time.',
    schema: { type: 'string' },
  },
];

/**
 * The events Tickerwise posts to a user's webhook destinations (Settings > Integrations),
 * signed by the Standard Webhooks scheme; Slack and Discord destinations get a message in
 * their own format instead.
 */
function webhookEvents() {
  const event = (summary: string, description: string, schema: string) => ({
    post: {
      summary,
      description,
      parameters: webhookHeaders,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
      },
      responses: {
        '2XX': { description: 'Received. Anything else (or no answer in 10 s) is retried.' },
      },
    },
  });
  return {
    'alert.fired': event(
      'An alert fired',
      'Sent to each destination the alert chose, once per firing. Failed attempts (an answer other than 2xx, or none within 10 seconds) are retried with exponential backoff for 24 hours; redirects are not followed. A destination whose deliveries fail for 3 days is turned off and its owner told by email.',
      'AlertFiredEvent',
    ),
    test: event(
      'A test event',
      'Sent by "Send a test event" in Settings > Integrations, once, to check the receiver and its signature check.',
      'TestEvent',
    ),
  };
}

export interface OpenApiOptions {
  routes: readonly DocumentedRoute[];
  rateLimit: RateLimit;
  version: string;
}

/**
 * The OpenAPI 3.1 document of the public API, generated from the routes and their shared zod
 * schemas (never written by hand): `GET /api/v1/openapi.json`.
 */
export function openApiDocument({ routes, rateLimit, version }: OpenApiOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(apiErrorSchema, 'output') };

  for (const { method, path, spec } of routes) {
    const name = `${spec.operationId[0]?.toUpperCase()}${spec.operationId.slice(1)}Response`;
    schemas[name] = jsonSchema(spec.response, 'output');
    const hasInput = Boolean(spec.params || spec.query);
    const errors = new Set<DocumentedError>([
      ...(hasInput ? [400 as const] : []),
      ...(Object.keys(spec.errors ?? {}).map(Number) as DocumentedError[]),
    ]);
    const responses: Record<string, unknown> = {
      200: {
        description: spec.summary,
        headers: rateLimitHeaderRefs,
        content: {
          'application/json': {
            schema: { $ref: `#/components/schemas/${name}` },
            example: spec.example,
          },
        },
      },
      401: { $ref: '#/components/responses/Unauthorized' },
      402: { $ref: '#/components/responses/UpgradeRequired' },
      429: { $ref: '#/components/responses/RateLimited' },
    };
    for (const status of [...errors].sort()) {
      const meaning = spec.errors?.[status];
      const shared = responseOfError[status];
      responses[status] = meaning
        ? {
            description: meaning,
            headers: {
              ...rateLimitHeaderRefs,
              ...(status === 503
                ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
                : {}),
            },
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Error' },
                example: errorResponses[shared].example,
              },
            },
          }
        : { $ref: `#/components/responses/${shared}` };
    }
    paths[path] = {
      ...paths[path],
      [method]: {
        operationId: spec.operationId,
        tags: [spec.tag],
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        parameters: [
          ...parameters(spec.params, 'path', spec.exampleParams),
          ...parameters(spec.query, 'query', spec.exampleQuery),
        ],
        responses,
      },
    };
  }

  schemas.AlertFiredEvent = jsonSchema(alertFiredEventSchema, 'output');
  schemas.TestEvent = jsonSchema(testEventSchema, 'output');

  const usedTags = new Set(routes.map((route) => route.spec.tag));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tickerwise API',
      version,
      description: describeApi(rateLimit),
    },
    servers: [{ url: publicApiPrefix, description: 'This Tickerwise server' }],
    security: [{ apiKey: [] }],
    tags: Object.entries(publicApiTags)
      .filter(([tag]) => usedTags.has(tag as keyof typeof publicApiTags))
      .map(([name, description]) => ({ name, description })),
    paths,
    webhooks: webhookEvents(),
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tw_ followed by 43 letters and digits',
          description:
            'An API key from Settings, under API (Enterprise and Alpha Tester plans): `Authorization: Bearer tw_...`.',
        },
      },
      headers: {
        RateLimit: {
          description:
            'What is left of the key\'s quota: `"per-key";r=<requests left>;t=<seconds until the window starts again>`. Without a valid key no request is counted: `r` is the whole quota and `t` the whole window.',
          schema: { type: 'string' },
          example: `"per-key";r=${rateLimit.max - 1};t=${rateLimit.windowSeconds}`,
        },
        'RateLimit-Policy': {
          description: 'The quota: `"per-key";q=<requests>;w=<window in seconds>`.',
          schema: { type: 'string' },
          example: `"per-key";q=${rateLimit.max};w=${rateLimit.windowSeconds}`,
        },
        'Retry-After': {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer', minimum: 1 },
          example: 42,
        },
      },
      schemas,
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([name, { description, example }]) => [
          name,
          {
            description,
            headers: {
              ...rateLimitHeaderRefs,
              ...(name === 'RateLimited' || name === 'Unavailable'
                ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
                : {}),
            },
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/Error' }, example },
            },
          },
        ]),
      ),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
