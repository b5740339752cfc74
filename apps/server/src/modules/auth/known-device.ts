import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { account, knownDevice, user } from '../../db/schema/index.ts';

/** How long a browser stays known after a sign-in (docs/PRODUCT.md §5). */
export const knownDeviceSeconds = 365 * 24 * 60 * 60;

/** A browser remembers this many accounts at most (a shared family computer). */
const accountsPerDevice = 5;

interface Credential {
  userId: string;
  email: string;
  passwordHash: string;
}

/** What the request's device cookie says about one account. */
export interface Recognition {
  /** This browser has signed in to the account before (and was not forgotten since). */
  known: boolean;
  /** The browser's id in `known_device`, when its cookie carries one that is still listed. */
  deviceId?: string;
  /** The account's id, when it exists. */
  userId?: string;
}

/** `<issued>.<mac>`: cookies from before browsers had an id; still known, never listed. */
const legacyEntry = /^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/;
/** `<issued>.<device id>.<mac>`. */
const entry = /^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/;

/**
 * The device cookie: proof that this browser has signed in to an account before, so that the
 * per-email ceiling on failed sign-ins (distributed guessing) does not hold its owner out, and
 * a sign-in from any other browser sends the owner a notice (docs/PRODUCT.md §5). Each entry
 * is `<issued>.<device id>.<mac>`, the mac an HMAC with the server's secret over the account's
 * id, email and password hash, the time it was issued and the browser's id: it is worth
 * nothing for another account, for an account deleted and signed up again, or once the
 * password changes (whoever knew the old one loses the exemption with it). The browser's id
 * names a row of `known_device`, so the account can forget its browsers ("this was not me").
 * HttpOnly, scoped to the auth paths, Secure over https like the session cookie.
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

  /**
   * Whether the request's device cookie was issued for the account of `email`, and, if it
   * names a browser, whether the account still lists it ("this was not me" forgets them all).
   */
  async recognise(cookieHeader: string | undefined, email: string): Promise<Recognition> {
    const credential = await this.credentialOf(email);
    if (!credential) return { known: false };
    const { userId } = credential;
    const mine = this.entriesOf(cookieHeader).find((item) => this.verifies(item, credential));
    if (!mine) return { known: false, userId };
    const parts = mine.split('.');
    if (parts.length === 2) return { known: true, userId };
    const deviceId = parts[1]!;
    const [listed] = await this.db
      .select({ id: knownDevice.id })
      .from(knownDevice)
      .where(
        and(
          eq(knownDevice.userId, userId),
          eq(knownDevice.id, deviceId),
          isNull(knownDevice.forgottenAt),
        ),
      )
      .limit(1);
    return listed ? { known: true, deviceId, userId } : { known: false, userId };
  }

  /** A new browser's id. */
  newDeviceId(): string {
    return randomBytes(12).toString('base64url');
  }

  /** Lists the browser for the account (or notes that it was seen again). */
  async remember(
    userId: string,
    deviceId: string,
    seen: { userAgent: string | null; timeZone: string | null },
  ): Promise<void> {
    const now = this.clock();
    await this.db
      .insert(knownDevice)
      .values({ userId, id: deviceId, ...seen, firstSeenAt: now, lastSeenAt: now })
      .onConflictDoUpdate({
        target: [knownDevice.userId, knownDevice.id],
        set: {
          lastSeenAt: now,
          userAgent: seen.userAgent,
          timeZone: seen.timeZone,
          forgottenAt: null,
        },
      });
  }

  /** Whether the account has listed any browser yet, forgotten or not (none: its first sign-in). */
  async hasAny(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: knownDevice.id })
      .from(knownDevice)
      .where(eq(knownDevice.userId, userId))
      .limit(1);
    return row !== undefined;
  }

  /** The time zone of the browser the user used last, other than `exceptId`. */
  async usualTimeZone(userId: string, exceptId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ timeZone: knownDevice.timeZone })
      .from(knownDevice)
      .where(
        and(
          eq(knownDevice.userId, userId),
          ne(knownDevice.id, exceptId),
          isNotNull(knownDevice.timeZone),
        ),
      )
      .orderBy(desc(knownDevice.lastSeenAt))
      .limit(1);
    return row?.timeZone ?? null;
  }

  /** The browsers the account knows (not forgotten), the most recently seen first. */
  async list(userId: string) {
    return this.db
      .select({
        id: knownDevice.id,
        userAgent: knownDevice.userAgent,
        firstSeenAt: knownDevice.firstSeenAt,
        lastSeenAt: knownDevice.lastSeenAt,
      })
      .from(knownDevice)
      .where(and(eq(knownDevice.userId, userId), isNull(knownDevice.forgottenAt)))
      .orderBy(desc(knownDevice.lastSeenAt), knownDevice.id);
  }

  /**
   * Forgets one browser of the account: its next sign-in is a new browser's, with a notice.
   * Whether it was listed (another user's browser, or one forgotten already, is not).
   */
  async forget(userId: string, deviceId: string): Promise<boolean> {
    const forgotten = await this.db
      .update(knownDevice)
      .set({ forgottenAt: this.clock() })
      .where(
        and(
          eq(knownDevice.userId, userId),
          eq(knownDevice.id, deviceId),
          isNull(knownDevice.forgottenAt),
        ),
      )
      .returning({ id: knownDevice.id });
    return forgotten.length > 0;
  }

  /** Forgets every browser of the account: each must sign in again, and is told about. */
  async forgetAll(userId: string): Promise<void> {
    await this.db
      .update(knownDevice)
      .set({ forgottenAt: this.clock() })
      .where(and(eq(knownDevice.userId, userId), isNull(knownDevice.forgottenAt)));
  }

  /**
   * The `Set-Cookie` line that makes this browser (`deviceId`) known for the account of
   * `email` (after a sign-in, a sign-up or a password change), keeping the other accounts it
   * knows. Without an id (a sign-up) the browser is known for the ceiling but not listed yet:
   * the account's first sign-in lists it.
   */
  async cookieFor(
    cookieHeader: string | undefined,
    email: string,
    deviceId?: string,
  ): Promise<string | undefined> {
    const credential = await this.credentialOf(email);
    if (!credential) return undefined;
    const issued = Math.floor(this.clock().getTime() / 1000).toString(36);
    const signed = deviceId ? `${issued}.${deviceId}` : issued;
    const fresh = `${signed}.${this.mac(credential, signed)}`;
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
        .filter((item) => entry.test(item) || legacyEntry.test(item))
        .slice(0, accountsPerDevice);
    }
    return [];
  }

  private verifies(item: string, credential: Credential): boolean {
    const parts = item.split('.');
    const given = parts.pop() ?? '';
    const signed = parts.join('.');
    const issued = parts[0] ?? '';
    const issuedAt = Number.parseInt(issued, 36) * 1000;
    const age = this.clock().getTime() - issuedAt;
    if (!Number.isFinite(age) || age < 0 || age > knownDeviceSeconds * 1000) return false;
    const expected = Buffer.from(this.mac(credential, signed));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** `signed`: the entry's time, and its browser's id if it has one. */
  private mac(credential: Credential, signed: string): string {
    return createHmac('sha256', this.key)
      .update([credential.userId, credential.email, credential.passwordHash, signed].join('\n'))
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
