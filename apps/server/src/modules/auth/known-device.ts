import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { account, user } from '../../db/schema/index.ts';

/** How long a browser stays known after a sign-in (docs/PRODUCT.md §5). */
export const knownDeviceSeconds = 365 * 24 * 60 * 60;

/** A browser remembers this many accounts at most (a shared family computer). */
const accountsPerDevice = 5;

interface Credential {
  userId: string;
  email: string;
  passwordHash: string;
}

/**
 * The device cookie: proof that this browser has signed in to an account before, so that the
 * per-email ceiling on failed sign-ins (distributed guessing) does not hold its owner out
 * (docs/PRODUCT.md §5). Each entry is `<issued>.<mac>`, the mac an HMAC with the server's
 * secret over the account's id, email and password hash and the time it was issued: it is
 * worth nothing for another account, for an account deleted and signed up again, or once the
 * password changes (whoever knew the old one loses the exemption with it). HttpOnly, scoped
 * to the auth paths, Secure over https like the session cookie.
 */
export class KnownDevices {
  readonly cookieName: string;
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly clock: Clock,
    private readonly secure: boolean,
  ) {
    this.cookieName = secure ? '__Secure-tickerwise.device' : 'tickerwise.device';
    this.key = createHmac('sha256', secret).update('tickerwise known device').digest();
  }

  /** Whether the request's device cookie was issued for the account of `email`. */
  async recognises(cookieHeader: string | undefined, email: string): Promise<boolean> {
    const entries = this.entriesOf(cookieHeader);
    if (entries.length === 0) return false;
    const credential = await this.credentialOf(email);
    if (!credential) return false;
    return entries.some((entry) => this.verifies(entry, credential));
  }

  /**
   * The `Set-Cookie` line that makes this browser known for the account of `email` (after a
   * sign-in, a sign-up or a password change), keeping the other accounts it knows.
   */
  async cookieFor(cookieHeader: string | undefined, email: string): Promise<string | undefined> {
    const credential = await this.credentialOf(email);
    if (!credential) return undefined;
    const issued = Math.floor(this.clock().getTime() / 1000).toString(36);
    const fresh = `${issued}.${this.mac(credential, issued)}`;
    const others = this.entriesOf(cookieHeader).filter(
      (entry) => !this.verifies(entry, credential),
    );
    const value = [fresh, ...others].slice(0, accountsPerDevice).join('~');
    const secure = this.secure ? '; Secure' : '';
    return `${this.cookieName}=${value}; Max-Age=${knownDeviceSeconds}; Path=/api/auth; HttpOnly; SameSite=Lax${secure}`;
  }

  private entriesOf(cookieHeader: string | undefined): string[] {
    if (!cookieHeader) return [];
    for (const pair of cookieHeader.split(';')) {
      const equals = pair.indexOf('=');
      if (equals === -1 || pair.slice(0, equals).trim() !== this.cookieName) continue;
      return pair
        .slice(equals + 1)
        .trim()
        .split('~')
        .filter((entry) => /^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/.test(entry))
        .slice(0, accountsPerDevice);
    }
    return [];
  }

  private verifies(entry: string, credential: Credential): boolean {
    const [issued = '', given = ''] = entry.split('.');
    const issuedAt = Number.parseInt(issued, 36) * 1000;
    const age = this.clock().getTime() - issuedAt;
    if (!Number.isFinite(age) || age < 0 || age > knownDeviceSeconds * 1000) return false;
    const expected = Buffer.from(this.mac(credential, issued));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  private mac(credential: Credential, issued: string): string {
    return createHmac('sha256', this.key)
      .update([credential.userId, credential.email, credential.passwordHash, issued].join('\n'))
      .digest('base64url');
  }

  /** better-auth keeps emails in lower case. */
  private async credentialOf(email: string): Promise<Credential | undefined> {
    const [row] = await this.db
      .select({ userId: user.id, email: user.email, passwordHash: account.password })
      .from(user)
      .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
      .where(eq(user.email, email.toLowerCase()))
      .limit(1);
    if (!row?.passwordHash) return undefined;
    return { userId: row.userId, email: row.email.toLowerCase(), passwordHash: row.passwordHash };
  }
}
