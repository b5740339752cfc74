import { createHash, randomBytes } from 'node:crypto';
import { apiKeyPattern, apiKeyPrefix } from '@tickerwise/shared';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters carry 256 bits. */
const secretLength = 43;
/** Characters of the secret shown after the prefix to recognise a key by. */
const shownLength = 8;

/**
 * A new key: `tw_` and 43 characters drawn uniformly from base62 (bytes above the last whole
 * multiple of 62 are thrown away, so no character is likelier than another).
 */
export function newApiKeySecret(): string {
  let body = '';
  while (body.length < secretLength) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && body.length < secretLength) body += alphabet[byte % 62];
    }
  }
  return `${apiKeyPrefix}${body}`;
}

/**
 * What is stored and looked up instead of the secret. A plain SHA-256 is enough here: the
 * secret has 256 random bits, so there is no dictionary to try, and a lookup costs no more than
 * a hash (a slow password hash would only slow every API request down).
 */
export function apiKeyHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** "tw_a1B2c3D4": enough to tell keys apart, far too little to guess the rest from. */
export function shownPrefix(secret: string): string {
  return secret.slice(0, apiKeyPrefix.length + shownLength);
}

/** The key of an `Authorization: Bearer <key>` header, or null when it is not one of ours. */
export function bearerKey(authorization: string): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  const token = match?.[1];
  return token && apiKeyPattern.test(token) ? token : null;
}
