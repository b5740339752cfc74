import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://github.com/standard-webhooks/standard-webhooks,
 * spec/standard-webhooks.md): the secret is `whsec_` and base64 of 24 random bytes; the
 * signature is `v1,` and the base64 HMAC-SHA256, keyed by the decoded secret, of
 * `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a signed delivery. */
export function signedHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, id, timestamp, body),
  };
}

/** An event id for the `webhook-id` header: `msg_` and 32 hex digits. */
export function newEventId(): string {
  return `msg_${randomBytes(16).toString('hex')}`;
}

/**
 * Seals destination addresses and signing secrets at rest with AES-256-GCM under a key
 * derived (HKDF-SHA256) from the server's auth secret: a copy of the table alone reveals
 * neither, and the server can still open them to sign and send (ADR 0043).
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function sealerFrom(serverSecret: string): Sealer {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'tickerwise', 'alert destination secrets v1', 32),
  );
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    open(sealed) {
      const raw = Buffer.from(sealed.replace(/^v1\./, ''), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
