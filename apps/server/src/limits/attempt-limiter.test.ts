import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { AttemptLimiter, type LimitedKey } from './attempt-limiter.ts';

let database: TestDatabase;
let limiter: AttemptLimiter;
beforeAll(async () => {
  database = await createTestDatabase();
  limiter = new AttemptLimiter(database.database.db, () => new Date());
});
afterAll(() => database.destroy());

const hour = { max: 10, windowSeconds: 3600 };
const countOf = async (key: string) => {
  const result = await database.database.db.execute(
    sql`select count from attempt_counter where key = ${key}`,
  );
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return rows[0]?.count ?? 0;
};

describe('the attempt limiter', () => {
  it('lets exactly max of many concurrent attempts through', async () => {
    const keys: LimitedKey[] = [{ key: 'race', limit: hour }];
    const verdicts = await Promise.all(Array.from({ length: 60 }, () => limiter.consume(keys)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
    expect(await countOf('race')).toBe(10);
  });

  it('lets exactly max through when every attempt has several keys', async () => {
    const verdicts = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        limiter.consume([
          { key: `pair:${index % 4}`, limit: { max: 5, windowSeconds: 3600 } },
          { key: 'shared', limit: { max: 12, windowSeconds: 3600 } },
        ]),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(12);
    expect(await countOf('shared')).toBe(12);
  });

  it('says how long to wait, on the database clock', async () => {
    const keys = [{ key: 'wait', limit: { max: 1, windowSeconds: 900 } }];
    expect(await limiter.consume(keys)).toEqual({ allowed: true });
    const refused = await limiter.consume(keys);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(890);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
    }
  });

  it('opens a new window once the old one has ended', async () => {
    const keys = [{ key: 'window', limit: { max: 1, windowSeconds: 900 } }];
    await limiter.consume(keys);
    expect((await limiter.consume(keys)).allowed).toBe(false);
    await database.database.db.execute(
      sql`update attempt_counter set window_ends_at = now() - interval '1 second' where key = 'window'`,
    );
    expect(await limiter.consume(keys)).toEqual({ allowed: true });
    expect(await countOf('window')).toBe(1);
  });

  it('counts a refused attempt against none of the keys after the one that refused it', async () => {
    const own = { key: 'own-address', limit: { max: 2, windowSeconds: 3600 } };
    const stranger = { key: 'stranger-email', limit: { max: 100, windowSeconds: 3600 } };
    for (let attempt = 0; attempt < 20; attempt++) await limiter.consume([own, stranger]);
    expect(await countOf('own-address')).toBe(2);
    expect(await countOf('stranger-email')).toBe(2);
  });

  it('gives back a refunded attempt, and forgets a reset key', async () => {
    const keys = [{ key: 'refund', limit: { max: 1, windowSeconds: 3600 } }];
    await limiter.consume(keys);
    await limiter.refund(['refund']);
    expect(await limiter.consume(keys)).toEqual({ allowed: true });
    await limiter.reset('refund');
    expect(await countOf('refund')).toBe(0);
  });
  it('counts many attempts in one statement, each key only if the one before it counted', async () => {
    const kind = { max: 2, windowSeconds: 3600 };
    const anyKind = { max: 3, windowSeconds: 3600 };
    // b has one place left for this kind, c none over every kind.
    await limiter.consume([{ key: 'each-kind:b', limit: kind }]);
    for (let count = 0; count < 3; count++) {
      await limiter.consume([{ key: 'each-any:c', limit: anyKind }]);
    }
    const attempt = (who: string) => [`each-kind:${who}`, `each-any:${who}`];
    expect(
      await limiter.consumeEach([attempt('a'), attempt('b'), attempt('c')], [kind, anyKind]),
    ).toEqual([true, true, false]);
    expect(
      await limiter.consumeEach([attempt('a'), attempt('b'), attempt('c')], [kind, anyKind]),
    ).toEqual([true, false, false]);
    expect(await countOf('each-kind:a')).toBe(2);
    expect(await countOf('each-any:a')).toBe(2);
    // A refused attempt counts only against the keys before the one that refused it.
    expect(await countOf('each-kind:b')).toBe(2);
    expect(await countOf('each-any:b')).toBe(1);
    expect(await countOf('each-kind:c')).toBe(2);
    expect(await countOf('each-any:c')).toBe(3);
    // Attempts that share a key are counted one after the other.
    expect(
      await limiter.consumeEach(
        [['each-dup'], ['each-dup'], ['each-dup']],
        [{ max: 2, windowSeconds: 3600 }],
      ),
    ).toEqual([true, true, false]);
  });
});
