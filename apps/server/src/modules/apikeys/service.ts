import {
  type ApiKey,
  type ApiKeyIdentity,
  type ApiKeyList,
  apiKeysPerUser,
  type CreatedApiKey,
  createApiKeySchema,
} from '@tickerwise/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { apiKeys, apiKeyWindows, profiles } from '../../db/schema/index.ts';
import { AppError, notFound, parseInput } from '../../http/errors.ts';
import type { ApiCaller } from '../../public-api/api-caller.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { lockTier } from '../profiles/service.ts';
import { ApiKeyMemo, type KnownKey } from './key-memo.ts';
import { apiKeyHash, bearerKey, newApiKeySecret, shownPrefix } from './key-secrets.ts';
import { type AllowanceVerdict, RequestAllowance } from './request-allowance.ts';

/** `last_used_at` is written at most this often per key and instance. */
const lastUsedEveryMs = 60_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const challenge = 'Bearer realm="Tickerwise API"';

/** The IETF `RateLimit` and `RateLimit-Policy` fields (draft-ietf-httpapi-ratelimit-headers). */
function rateLimitHeaders(
  limit: RateLimit,
  remaining: number,
  resetSeconds: number,
): Record<string, string> {
  return {
    'ratelimit-policy': `"per-key";q=${limit.max};w=${limit.windowSeconds}`,
    ratelimit: `"per-key";r=${remaining};t=${resetSeconds}`,
  };
}

const verdictHeaders = (verdict: AllowanceVerdict) =>
  rateLimitHeaders(verdict.limit, verdict.remaining, verdict.resetSeconds);

/**
 * The fields of an answer with no valid key (docs/PRODUCT.md §3.20: every answer carries
 * them): no key's window was counted, so a key has its whole quota.
 */
const uncountedHeaders = (limit: RateLimit) =>
  rateLimitHeaders(limit, limit.max, limit.windowSeconds);

/** 401 for a request without a key; a session cookie is named, since it never counts here. */
function apiKeyRequired(hasCookie: boolean, limit: RateLimit): AppError {
  return new AppError(
    401,
    'api_key_required',
    hasCookie
      ? 'The API does not accept a signed-in session. Send an API key: Authorization: Bearer <key>.'
      : 'Send an API key: Authorization: Bearer <key>. Create one in Settings, under API.',
    undefined,
    { 'www-authenticate': challenge, ...uncountedHeaders(limit) },
  );
}

/** 401 for a key that is not valid; `limit` when no request of it was counted. */
function invalidApiKey(limit?: RateLimit): AppError {
  return new AppError(
    401,
    'invalid_api_key',
    'This API key is not valid. It may have been revoked: create a new one in Settings, under API.',
    undefined,
    {
      'www-authenticate': `${challenge}, error="invalid_token"`,
      ...(limit ? uncountedHeaders(limit) : {}),
    },
  );
}

/** The same refusal, with the rate limit fields of the request that was counted. */
function withHeaders(error: unknown, headers: Record<string, string>): unknown {
  if (!(error instanceof AppError)) return error;
  return new AppError(
    error.statusCode,
    error.code,
    error.message,
    error.fields,
    { ...error.headers, ...headers },
    error.details,
  );
}

function tooManyRequests(verdict: AllowanceVerdict): AppError {
  const { max, windowSeconds } = verdict.limit;
  const per = windowSeconds === 60 ? 'a minute' : `every ${windowSeconds} seconds`;
  return new AppError(
    429,
    'rate_limited',
    `This API key made its ${max} requests allowed ${per}. Try again in ${verdict.resetSeconds} s.`,
    undefined,
    { ...verdictHeaders(verdict), 'retry-after': String(verdict.resetSeconds) },
  );
}

/** Whether a database error (or one it wraps) has this SQLSTATE. */
function hasSqlState(error: unknown, state: string, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if ((error as { code?: unknown }).code === state) return true;
  return hasSqlState((error as { cause?: unknown }).cause, state, depth + 1);
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export interface ApiKeyServiceDeps {
  db: Db;
  /** What time it is (the app's clock): the local request allowance and `last_used_at`. */
  clock: Clock;
  entitlements: EntitlementService;
  /** Requests per key and window, on every instance together. */
  rateLimit: RateLimit;
  /** Failures nobody waits for (writing `last_used_at`). */
  log: (error: unknown) => void;
  /**
   * Throws unless `password` is the user's (counting wrong ones, as deleting the account does):
   * a session alone does not make a key.
   */
  confirmPassword: (userId: string, password: string) => Promise<void>;
}

/**
 * API keys (docs/PRODUCT.md §3.20): made and revoked by their owner in Settings, checked on
 * every public API request with the owner's plan and the key's rate limit.
 */
export function createApiKeyService({
  db,
  clock,
  entitlements,
  rateLimit,
  log,
  confirmPassword,
}: ApiKeyServiceDeps) {
  const memo = new ApiKeyMemo(() => clock().getTime());
  const allowance = new RequestAllowance(db, rateLimit, () => clock().getTime());

  async function lookUp(hash: string): Promise<KnownKey | null> {
    const epoch = memo.epoch();
    const [row] = await db
      .select({
        keyId: apiKeys.id,
        userId: apiKeys.userId,
        tier: profiles.subscriptionTier,
        lastUsedAt: apiKeys.lastUsedAt,
      })
      .from(apiKeys)
      .innerJoin(profiles, eq(profiles.id, apiKeys.userId))
      .where(eq(apiKeys.secretHash, hash));
    if (!row) return null;
    const known: KnownKey = { ...row, lastUsedAt: row.lastUsedAt?.getTime() ?? null };
    memo.remember(hash, known, epoch);
    return known;
  }

  /** Notes that the key was used, at most once a minute (the settings page shows it). */
  function touch(key: KnownKey): void {
    const now = clock();
    if (key.lastUsedAt !== null && now.getTime() - key.lastUsedAt < lastUsedEveryMs) return;
    key.lastUsedAt = now.getTime();
    db.update(apiKeys)
      .set({ lastUsedAt: now })
      .where(eq(apiKeys.id, key.keyId))
      .then(
        () => {},
        (error: unknown) => log(error),
      );
  }

  return {
    rateLimit,

    /** `GET /api/api-keys`: the user's keys, newest first (whatever their plan now). */
    async list(userId: string): Promise<ApiKeyList> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return {
        keys: rows.map(toApiKey),
        rateLimit: { requests: rateLimit.max, windowSeconds: rateLimit.windowSeconds },
      };
    },

    /**
     * `POST /api/api-keys`: a new key for a plan with API access, confirmed with the user's
     * password. The secret is in this answer and nowhere else, ever: only its hash is kept.
     */
    async create(userId: string, body: unknown): Promise<CreatedApiKey> {
      const { name, password } = parseInput(createApiKeySchema, body);
      await confirmPassword(userId, password);
      const secret = newApiKeySecret();
      const row = await db.transaction(async (tx) => {
        // The plan is locked while the key is made: a downgrade at the same moment waits.
        entitlements.requireFeatureOf(await lockTier(tx, userId), 'apiAccess');
        const [held] = await tx
          .select({ value: count() })
          .from(apiKeys)
          .where(eq(apiKeys.userId, userId));
        if ((held?.value ?? 0) >= apiKeysPerUser) {
          throw new AppError(
            409,
            'too_many_api_keys',
            `You have ${apiKeysPerUser} API keys, the most an account may have. Revoke one to make room.`,
          );
        }
        const [created] = await tx
          .insert(apiKeys)
          .values({ userId, name, prefix: shownPrefix(secret), secretHash: apiKeyHash(secret) })
          .returning();
        return created;
      });
      if (!row) throw new Error('The new API key was not returned');
      return { key: toApiKey(row), secret };
    },

    /** `DELETE /api/api-keys/:id`: the key stops working on every instance at once. */
    async revoke(userId: string, keyId: string): Promise<void> {
      const missing = () => notFound('There is no such API key.');
      if (!uuidPattern.test(keyId)) throw missing();
      const deleted = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id });
      if (deleted.length === 0) throw missing();
      // The database tells every instance; this one need not wait for it.
      memo.forgetUser(userId);
      allowance.forget(keyId);
    },

    /**
     * Revokes every key of the user (a new password, or signing out everywhere else: docs/
     * PRODUCT.md §3.19); each deleted key is announced, so they stop on every instance at once.
     * Answers how many were revoked.
     */
    async revokeAll(userId: string): Promise<number> {
      const deleted = await db
        .delete(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .returning({ id: apiKeys.id });
      memo.forgetUser(userId);
      for (const { id } of deleted) allowance.forget(id);
      return deleted.length;
    },

    /**
     * The access check of every `apikey` route: a valid key, a plan with API access, and room
     * in the key's rate limit; the rate limit fields go on the answer. Session cookies are
     * never read here.
     */
    async authenticate(request: FastifyRequest, reply: FastifyReply): Promise<ApiCaller> {
      const authorization = request.headers.authorization;
      if (!authorization) throw apiKeyRequired(Boolean(request.headers.cookie), rateLimit);
      const secret = bearerKey(authorization);
      if (!secret) throw invalidApiKey(rateLimit);
      const hash = apiKeyHash(secret);
      const key = memo.get(hash) ?? (await lookUp(hash));
      if (!key) throw invalidApiKey(rateLimit);
      // Counted first, so that a key whose owner left API access answers 402 with what is
      // left of its window, and cannot be used to make requests without limit.
      const verdict = await allowance.take(key.keyId).catch((error: unknown) => {
        // Revoked between the lookup and the count: its window row may no longer refer to it.
        if (hasSqlState(error, '23503')) throw invalidApiKey(rateLimit);
        throw error;
      });
      if (!verdict.allowed) throw tooManyRequests(verdict);
      const headers = verdictHeaders(verdict);
      try {
        entitlements.requireFeatureOf(key.tier, 'apiAccess');
      } catch (error) {
        throw withHeaders(error, headers);
      }
      reply.headers(headers);
      touch(key);
      return { keyId: key.keyId, userId: key.userId, tier: key.tier };
    },

    /** `GET /api/v1/key`: the key of the request, its owner's plan and the rate limit. */
    async identity(caller: ApiCaller): Promise<ApiKeyIdentity> {
      const [row] = await db
        .select({ name: apiKeys.name, prefix: apiKeys.prefix })
        .from(apiKeys)
        .where(eq(apiKeys.id, caller.keyId));
      // Revoked since the check: the answer keeps the fields of the request counted.
      if (!row) throw invalidApiKey();
      return {
        key: row,
        plan: caller.tier,
        rateLimit: { requests: rateLimit.max, windowSeconds: rateLimit.windowSeconds },
      };
    },

    /** A revoked key or a plan change was announced (by any instance). */
    forgetUser: (userId: string) => memo.forgetUser(userId),
    /** Announcements may have been missed. */
    forgetAll: () => memo.clear(),

    /** The user's keys in the data export: names, prefixes and dates, never a hash. */
    dataPart: {
      name: 'apiKeys',
      tables: [apiKeys, apiKeyWindows],
      async collect(userId: string) {
        const rows = await db
          .select({
            id: apiKeys.id,
            name: apiKeys.name,
            prefix: apiKeys.prefix,
            createdAt: apiKeys.createdAt,
            lastUsedAt: apiKeys.lastUsedAt,
            requestsThisWindow: apiKeyWindows.used,
            windowEndsAt: apiKeyWindows.windowEndsAt,
          })
          .from(apiKeys)
          .leftJoin(apiKeyWindows, eq(apiKeyWindows.keyId, apiKeys.id))
          .where(eq(apiKeys.userId, userId))
          .orderBy(apiKeys.createdAt);
        return rows.map(plainRow);
      },
    } satisfies UserDataPart,
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
