import type { ApiError } from '@tickerwise/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { noteErrorCode } from '../observability/metrics.ts';

/** A failure the client can act on: it becomes `{ error: { code, message } }` with its status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string | string[]>,
    /** More for the client to act on, beside code and message (`requiredTier`, `resetsAt`). */
    readonly details?: Pick<ApiError['error'], 'requiredTier' | 'resetsAt'>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const unauthorized = (
  message = 'Please sign in to continue.',
  headers?: Record<string, string | string[]>,
) => new AppError(401, 'unauthorized', message, undefined, headers);

/** Seconds a client is asked to wait while the database cannot be reached. */
export const databaseRetryAfterSeconds = 5;
/** The database is down or restarting: nothing the client did wrong, worth retrying soon. */
export const databaseUnavailable = () =>
  new AppError(
    503,
    'database_unavailable',
    'Tickerwise cannot reach its database right now. Please try again in a few seconds.',
    undefined,
    { 'retry-after': String(databaseRetryAfterSeconds) },
  );

/** Parses input with a shared zod schema; a failure is a 400 that names each bad field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? 'Invalid request';
  throw new AppError(400, 'validation_failed', first, fields);
}

const codeByStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
};

const messageByFastifyCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
};

export function sendError(reply: FastifyReply, status: number, body: ApiError): FastifyReply {
  noteErrorCode(reply.request, body.error.code);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Installs the one error shape for every failure, with no stack traces to clients. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((caught: FastifyError | AppError, request, reply) => {
    let error = caught;
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      error = databaseUnavailable();
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, error.statusCode, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...error.details,
        },
      });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, status, {
        error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
      });
    }
    const code = codeByStatus[status] ?? 'bad_request';
    const message =
      (error.code && messageByFastifyCode[error.code]) ||
      (error.validation ? 'The request is not valid.' : error.message) ||
      'The request is not valid.';
    return sendError(reply, status, { error: { code, message } });
  });
}

/**
 * Fastify's `frameworkErrors`: failures it meets before routing (a path it cannot decode, a
 * parameter over its length limit) get the same shape and security headers as any other.
 */
export function frameworkErrorHandler(
  writeSecurityHeaders: (request: FastifyRequest, reply: FastifyReply) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    writeSecurityHeaders(request, reply);
    reply.header('x-request-id', request.id);
    if (error.code === 'FST_ERR_BAD_URL') {
      return sendError(reply, 400, {
        error: { code: 'bad_path', message: 'This address is not valid.' },
      });
    }
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return sendError(reply, 414, {
        error: { code: 'uri_too_long', message: 'This address is too long.' },
      });
    }
    request.log.error({ err: error }, 'request failed before routing');
    return sendError(reply, 500, {
      error: { code: 'internal_error', message: 'Something went wrong. Please try again.' },
    });
  };
}
