import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { simulatedQuote } from '../../apps/server/src/market-data/adapters/simulated/provider.ts';
import { listedSymbols } from '../../apps/server/src/market-data/reference/universe.ts';

/** The first `count` symbols of the universe with their simulated price now. */
export function benchSymbols(count: number, now = Date.now()) {
  return listedSymbols.slice(0, count).map(({ symbol }) => ({
    symbol,
    price: simulatedQuote(symbol, now).price,
  }));
}

/** A fixed pseudo-random stream, so every run seeds the same alerts. */
export function seeded(seed = 42) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const kinds = ['price_above', 'price_below', 'change_up', 'change_down'] as const;

/**
 * Inserts `perSymbol` armed quote alerts per symbol spread over `userIds`: price levels within
 * 30% of the price either side, day changes of 1 to 10%. Written in chunks with one array
 * parameter per column.
 */
export async function seedAlerts(
  db: Db,
  symbols: { symbol: string; price: number }[],
  userIds: string[],
  perSymbol: number,
): Promise<number> {
  const random = seeded();
  const rows: { user: string; symbol: string; kind: string; level: number }[] = [];
  for (const { symbol, price } of symbols) {
    for (let index = 0; index < perSymbol; index++) {
      const kind = kinds[Math.floor(random() * kinds.length)]!;
      const user = userIds[Math.floor(random() * userIds.length)]!;
      const level =
        kind === 'price_above'
          ? Math.round(price * (1 + random() * 0.3) * 100) / 100
          : kind === 'price_below'
            ? Math.round(price * (1 - random() * 0.3) * 100) / 100
            : Math.round((1 + random() * 9) * 100) / 100;
      rows.push({ user, symbol, kind, level });
    }
  }
  const column = (values: (string | number)[]) => `{${values.join(',')}}`;
  for (let start = 0; start < rows.length; start += 5_000) {
    const chunk = rows.slice(start, start + 5_000);
    await db.execute(sql`
      insert into alerts (user_id, symbol, kind, level, repeat)
      select a.user_id, a.symbol, a.kind, a.level, 'once'
      from unnest(
        ${column(chunk.map((row) => row.user))}::text[],
        ${column(chunk.map((row) => row.symbol))}::text[],
        ${column(chunk.map((row) => row.kind))}::text[],
        ${column(chunk.map((row) => row.level))}::float8[]
      ) as a(user_id, symbol, kind, level)`);
  }
  return rows.length;
}

/** Users straight into the tables (the in-process part has no sign-up to go through). */
export async function seedUsers(db: Db, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => `bench-user-${index}`);
  await db.execute(sql`
    insert into "user" (id, name, email)
    select id, 'Bench Investor', id || '@example.com' from unnest(${`{${ids.join(',')}}`}::text[]) as u(id)`);
  await db.execute(sql`
    insert into profiles (id, name, subscription_tier)
    select id, 'Bench Investor', 'alpha' from unnest(${`{${ids.join(',')}}`}::text[]) as u(id)`);
  return ids;
}
