import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authAttempt } from '../../db/schema/index.ts';

export interface AttemptRule {
  /** Seconds. */
  window: number;
  max: number;
}

/**
 * Counts attempts per key (an email) in fixed windows, in the database so every instance
 * sees the same counts. better-auth limits per IP only; this adds the per-email limit.
 */
export class AttemptLimiter {
  constructor(
    private readonly db: Db,
    private readonly rule: AttemptRule,
  ) {}

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(key: string): Promise<number> {
    const [row] = await this.db.select().from(authAttempt).where(eq(authAttempt.key, key));
    if (!row || row.count < this.rule.max) return 0;
    const reopensAt = row.windowStartedAt.getTime() + this.rule.window * 1000;
    return Math.max(0, Math.ceil((reopensAt - Date.now()) / 1000));
  }

  async record(key: string): Promise<void> {
    const windowOpen = sql`${authAttempt.windowStartedAt} > now() - make_interval(secs => ${this.rule.window})`;
    await this.db
      .insert(authAttempt)
      .values({ key, count: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: authAttempt.key,
        set: {
          count: sql`case when ${windowOpen} then ${authAttempt.count} + 1 else 1 end`,
          windowStartedAt: sql`case when ${windowOpen} then ${authAttempt.windowStartedAt} else now() end`,
        },
      });
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(authAttempt).where(eq(authAttempt.key, key));
  }
}
