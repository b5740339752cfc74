// The community at the scale of issue 27's benchmark, written straight into the database: 5,000
// members with community profiles, 100,000 posts over 500 symbols across 90 days (a few authors
// and symbols far busier than the rest, as on any forum), 10,000 replies, some posts deleted or
// hidden, the pump guard's hourly counts of those posts, and for each reader 100 followed members,
// 20 followed symbols, likes and blocks in both directions. Readers and posters are accounts the
// bench signed up through the API; the seed gives them profiles and ages the posters past the
// new-account limits.
import { listedSymbols } from '../../apps/server/src/market-data/reference/universe.ts';

/** Runs one statement with its parameters (PGlite's `query` or node-postgres's). */
export type Query = (statement: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface SeedOptions {
  members: number;
  posts: number;
  replies: number;
  symbols: number;
  /** Accounts that read: each follows `followedMembers` members and `followedSymbols` symbols. */
  readers: readonly string[];
  followedMembers: number;
  followedSymbols: number;
  /** Accounts that post in the bench: on Pro (50 posts a month), established for 30 days. */
  posters: readonly string[];
}

export const defaultSeed = {
  members: 5_000,
  posts: 100_000,
  replies: 10_000,
  symbols: 500,
  followedMembers: 100,
  followedSymbols: 20,
} as const;

/** The symbols posts name, busiest first (the universe's stocks before its funds). */
export function seedSymbols(count: number): string[] {
  const stocks = listedSymbols.filter((entry) => entry.type !== 'etf');
  const funds = listedSymbols.filter((entry) => entry.type === 'etf');
  return [...stocks, ...funds].slice(0, count).map((entry) => entry.symbol);
}

/** Fills the community; returns the symbols, busiest first. */
export async function seedCommunity(query: Query, options: SeedOptions): Promise<string[]> {
  const symbols = seedSymbols(options.symbols);
  const steps: [string, string, unknown[]?][] = [
    ['seed', `select setseed(0.27)`],
    [
      'members',
      `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       select 'bench-member-' || g, 'Member ' || g, 'member-' || g || '@bench.example', true,
              now() - interval '400 days' + g * interval '1 minute', now()
       from generate_series(1, $1::int) g`,
      [options.members],
    ],
    [
      'member profiles',
      `insert into community_profiles (user_id, handle, display_name, bio, created_at)
       select 'bench-member-' || g, 'member' || g, 'Member ' || g, '', now() - interval '300 days'
       from generate_series(1, $1::int) g`,
      [options.members],
    ],
    [
      'reader and poster profiles',
      `insert into community_profiles (user_id, handle, display_name, bio, created_at)
       select id, 'bench' || n, 'Bench ' || n, '', now() - interval '30 days'
       from unnest($1::text[]) with ordinality as a(id, n)
       on conflict (user_id) do nothing`,
      [[...options.readers, ...options.posters]],
    ],
    [
      // Author k's share falls with k (squared uniform draws): the first members post the most.
      'posts',
      `insert into community_posts
         (author_id, body, sentiment, paid, symbols, created_at, like_count, reply_count)
       select 'bench-member-' || (1 + floor($2::int * power(random(), 2)))::int,
              'Post ' || g || ' about the market, with a few words of analysis.',
              (array['bullish', 'bearish', null])[1 + g % 3],
              g % 97 = 0,
              case when g % 5 = 0 then '{}'::text[] else array(
                select distinct ($3::text[])[1 + floor(cardinality($3::text[]) * power(random(), 2))::int]
                from generate_series(1, 1 + g % 3) pick where g > 0) end,
              date_trunc('milliseconds', now() - interval '90 days' * (g::float / $1::int) - random() * interval '60 seconds'),
              (random() * 20)::int, 0
       from generate_series(1, $1::int) g`,
      [options.posts, options.members, symbols],
    ],
    [
      'replies',
      `insert into community_posts (author_id, parent_id, body, symbols, created_at)
       select 'bench-member-' || (1 + floor($2::int * random()))::int, parent.id,
              'Reply ' || row_number() over () || ' to the post.', '{}'::text[],
              parent.created_at + interval '5 minutes'
       from (select id, created_at from community_posts order by random() limit $1::int) parent`,
      [options.replies, options.members],
    ],
    [
      'reply counts',
      `update community_posts p set reply_count = r.count
       from (select parent_id, count(*)::int as count from community_posts
             where parent_id is not null group by parent_id) r
       where p.id = r.parent_id`,
    ],
    [
      'deleted and hidden posts',
      `update community_posts set
         deleted_at = case when random() < 0.01 then created_at + interval '1 hour' end,
         hidden_at = case when random() < 0.005 then created_at + interval '2 hours' end
       where parent_id is null`,
    ],
    [
      'deleted posts emptied',
      `update community_posts set body = '', symbols = '{}' where deleted_at is not null`,
    ],
    [
      'pump guard hours',
      `insert into community_symbol_hours (symbol, hour, posts, new_account_posts)
       select symbol, date_trunc('hour', created_at), count(*), 0
       from community_posts, unnest(symbols) symbol
       where created_at > now() - interval '31 days'
       group by 1, 2`,
    ],
    [
      // Readers follow members chosen across the whole range, busy and quiet alike.
      'followed members',
      `insert into community_follows (follower_id, followee_id)
       select reader, 'bench-member-' || (1 + (n * 49 + i * 37) % $2::int)
       from unnest($1::text[]) with ordinality as r(reader, i), generate_series(1, $3::int) n
       on conflict do nothing`,
      [options.readers, options.members, options.followedMembers],
    ],
    [
      'followed symbols',
      `insert into community_symbol_follows (user_id, symbol)
       select reader, ($2::text[])[1 + (n * 7 + i * 3) % cardinality($2::text[])]
       from unnest($1::text[]) with ordinality as r(reader, i), generate_series(1, $3::int) n
       on conflict do nothing`,
      [options.readers, symbols, options.followedSymbols],
    ],
    [
      'likes',
      `insert into community_likes (post_id, user_id)
       select p.id, reader from unnest($1::text[]) reader
       cross join lateral (select id from community_posts where parent_id is null
                           order by created_at desc offset 10 limit 50) p
       on conflict do nothing`,
      [options.readers],
    ],
    [
      'blocks',
      `insert into community_blocks (blocker_id, blocked_id, created_at)
       select reader, 'bench-member-' || (1 + (n * 13) % $2::int), now() from unnest($1::text[]) reader,
              generate_series(1, 5) n
       union all
       select 'bench-member-' || (2 + (n * 17) % $2::int), reader, now() from unnest($1::text[]) reader,
              generate_series(1, 5) n
       on conflict do nothing`,
      [options.readers, options.members],
    ],
    [
      'posters established on Pro',
      `with posters as (select unnest($1::text[]) as id)
       update "user" set created_at = now() - interval '30 days' where id in (select id from posters)`,
      [options.posters],
    ],
    [
      'posters plan',
      `update profiles set subscription_tier = 'pro' where id = any($1::text[])`,
      [options.posters],
    ],
    ['statistics', `analyze`],
  ];
  for (const [, statement, params] of steps) await query(statement, params ?? []);
  return symbols;
}
