import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { session, signInToken, user } from '../../db/schema/index.ts';

/** How long an emailed sign-in code works (docs/PRODUCT.md §5). */
export const signInCodeSeconds = 10 * 60;
/** Wrong tries one emailed code takes before it is spent. */
export const signInCodeAttempts = 5;
/** How long the "this was not me" link of a new-device notice works. */
export const notMeSeconds = 7 * 24 * 60 * 60;

export interface Account {
  id: string;
  email: string;
  name: string;
}

/** What the "this was not me" link found. */
export type NotMeOutcome =
  | { kind: 'signed-out'; userId: string; sessions: number }
  | { kind: 'used' }
  | { kind: 'expired' };

/**
 * The one-time codes emailed to a new browser past the failure ceiling, and the single-use
 * "this was not me" tokens of new-device notices (docs/PRODUCT.md §5). Only hashes are kept:
 * the code's is an HMAC with the server's secret and the account's id (six digits alone would
 * be found by trying them all).
 */
export class SignInProtection {
  private readonly key: Buffer;

  constructor(
    readonly db: Db,
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', secret).update('tickerwise sign-in code').digest();
  }

  async accountOf(email: string): Promise<Account | undefined> {
    const [row] = await this.db
      .select({ id: user.id, email: user.email, name: user.name })
      .from(user)
      .where(eq(user.email, email.trim().toLowerCase()))
      .limit(1);
    return row;
  }

  async accountById(userId: string): Promise<Account | undefined> {
    const [row] = await this.db
      .select({ id: user.id, email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId))
      .limit(1);
    return row;
  }

  /** A new 6-digit code for the account; any earlier one stops working. */
  async newCode(userId: string): Promise<string> {
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx
        .delete(signInToken)
        .where(and(eq(signInToken.userId, userId), eq(signInToken.purpose, 'code')));
      await tx.insert(signInToken).values({
        hash: this.codeHash(userId, code),
        purpose: 'code',
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + signInCodeSeconds * 1000),
      });
    });
    return code;
  }

  /**
   * Whether `code` is the account's emailed code, still valid: each call is one try, and the
   * code is spent after five wrong ones. `spend` marks it used once the sign-in succeeded.
   */
  async checkCode(
    userId: string | undefined,
    code: string,
  ): Promise<{ right: boolean; spend(): Promise<void> }> {
    const nothing = { right: false, spend: async () => {} };
    if (!userId) return nothing;
    const now = this.clock();
    const [row] = await this.db
      .update(signInToken)
      .set({ attempts: sql`${signInToken.attempts} + 1` })
      .where(
        and(
          eq(signInToken.userId, userId),
          eq(signInToken.purpose, 'code'),
          isNull(signInToken.usedAt),
          gt(signInToken.expiresAt, now),
          sql`${signInToken.attempts} < ${signInCodeAttempts}`,
        ),
      )
      .returning({ hash: signInToken.hash });
    if (!row) return nothing;
    const expected = Buffer.from(row.hash);
    const given = Buffer.from(this.codeHash(userId, code));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return nothing;
    return {
      right: true,
      spend: async () => {
        await this.db
          .update(signInToken)
          .set({ usedAt: this.clock() })
          .where(eq(signInToken.hash, row.hash));
      },
    };
  }

  /** A single-use token for the "this was not me" link of a notice. */
  async notMeToken(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.db.insert(signInToken).values({
      hash: tokenHash(token),
      purpose: 'not-me',
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + notMeSeconds * 1000),
    });
    return token;
  }

  /**
   * Spends a "this was not me" token and signs the account out everywhere (the database
   * announces each session's end, so every instance forgets them at once).
   */
  async notMe(token: string): Promise<NotMeOutcome> {
    const hash = tokenHash(token);
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(signInToken)
        .set({ usedAt: now })
        .where(
          and(
            eq(signInToken.hash, hash),
            eq(signInToken.purpose, 'not-me'),
            isNull(signInToken.usedAt),
            gt(signInToken.expiresAt, now),
          ),
        )
        .returning({ userId: signInToken.userId });
      if (!spent) {
        const [known] = await tx
          .select({ usedAt: signInToken.usedAt })
          .from(signInToken)
          .where(and(eq(signInToken.hash, hash), eq(signInToken.purpose, 'not-me')))
          .orderBy(desc(signInToken.createdAt))
          .limit(1);
        return known?.usedAt ? { kind: 'used' } : { kind: 'expired' };
      }
      const ended = await tx
        .delete(session)
        .where(eq(session.userId, spent.userId))
        .returning({ id: session.id });
      return { kind: 'signed-out', userId: spent.userId, sessions: ended.length };
    });
  }

  private codeHash(userId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${userId}\n${code}`).digest('base64url');
  }
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
