import { z } from 'zod';
import { subscriptionTierSchema } from './tier-schema.ts';

/** What every key starts with, so that it is recognised in code, logs and secret scanners. */
export const apiKeyPrefix = 'tw_';

/**
 * A key as the user types or pastes it into a script: the prefix and 43 base62 characters
 * (256 bits). Anything else is refused before any lookup.
 */
export const apiKeyPattern = /^tw_[0-9A-Za-z]{43}$/;

/** A key's name, chosen by the user to tell keys apart ("Trading bot", "Spreadsheet"). */
export const apiKeyNameSchema = z
  .string({ error: 'Please name the key' })
  .trim()
  .min(1, 'Please name the key')
  .max(60, 'A key name must be at most 60 characters');

/**
 * `POST /api/api-keys`: the password confirms it is the account holder, not someone with a
 * session left open (docs/PRODUCT.md §3.19).
 */
export const createApiKeySchema = z.strictObject({
  name: apiKeyNameSchema,
  password: z
    .string({ error: 'Please enter your password' })
    .min(1, 'Please enter your password')
    .max(128, 'Password must be at most 128 characters'),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** A key as the settings page lists it: never its secret, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret ("tw_a1B2c3D4"), to recognise it by. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  /** The last request made with it, to within a minute; null when never used. */
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `GET /api/api-keys`: the user's keys, newest first, and the public API's rate limit. */
export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  /** Requests each key may make per window. */
  rateLimit: z.object({ requests: z.number().int(), windowSeconds: z.number().int() }),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** Answer of `POST /api/api-keys`: the only time the secret is ever sent. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /api/v1/key`: the key a request carried, and what its owner's plan is. */
export const apiKeyIdentitySchema = z.object({
  key: z.object({ name: z.string(), prefix: z.string() }),
  plan: subscriptionTierSchema,
  rateLimit: z.object({ requests: z.number().int(), windowSeconds: z.number().int() }),
});
export type ApiKeyIdentity = z.infer<typeof apiKeyIdentitySchema>;
