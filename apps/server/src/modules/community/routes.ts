import {
  type CommunityFeed,
  type CommunityMe,
  type CommunityPreview,
  type CommunityThread,
  type CommunityUserPage,
  communityPreviewSize,
  communityProfileInputSchema,
  feedTabs,
  handleSchema,
  postInputSchema,
  replyInputSchema,
  reportInputSchema,
} from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { notFound, parseInput } from '../../http/errors.ts';
import type { MarketService } from '../../market-data/index.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { CommunityStore } from './community-store.ts';
import type { Moderation } from './moderation.ts';
import type { ChartSnapshots } from './post-charts.ts';
import { checkedPost, withChart } from './post-checks.ts';
import { type CommunitySocial, withMentionsAndHoldings } from './social-routes.ts';
import type { WriteSlots } from './write-slots.ts';

export interface CommunityRoutesOptions {
  auth: Auth;
  store: CommunityStore;
  market: MarketService;
  social: CommunitySocial;
  /** Suspensions and the pump guard for edits (a new post's are judged in its write; ADR 0042). */
  moderation: Moderation;
  /** A post's chart snapshot, drawn from the stored closes when posting (ADR 0058). */
  charts: ChartSnapshots;
  /** The bound on posts and replies being written at once on this instance (ADR 0059). */
  writeSlots: WriteSlots;
}

type IdParams = { Params: { id: string } };
const user = { config: { access: 'user' as const } };
/** Stands for a reader who is no member: no block of anyone's applies to it. */
const nobody = '00000000-0000-0000-0000-000000000000';
/** How long one reading of the public preview answers every visitor. */
const previewKeepMs = 60_000;
const feedQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  /** The reader's newest post: later ones wait until asked for (`headCursor` of page one). */
  until: z.string().max(200).optional(),
  tab: z.enum(feedTabs, { error: 'Choose the Following or All tab' }).default('all'),
});
const likeSchema = z.object({ liked: z.boolean({ error: 'Say whether you like it' }) });

/** The community's routes (docs/PRODUCT.md, "Community"); every one needs a signed-in user. */
export const communityRoutes: FastifyPluginAsync<CommunityRoutesOptions> = async (
  app,
  { auth, store, market, social, moderation, charts, writeSlots },
) => {
  app.get('/api/community/me', user, async (request, reply): Promise<CommunityMe> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return store.me(id);
  });

  app.put('/api/community/profile', user, async (request) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(communityProfileInputSchema, request.body);
    return { profile: await store.setProfile(id, input) };
  });

  app.get<{ Params: { handle: string } }>(
    '/api/community/users/:handle',
    user,
    async (request, reply): Promise<CommunityUserPage> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      const handle = handleSchema.safeParse(request.params.handle);
      if (!handle.success) throw notFound('No one in the community has this handle.');
      const page = await store.userPage(id, handle.data);
      const memberId = await social.follows.memberId(handle.data);
      return { ...page, follows: await social.follows.counts(id, memberId), mine: memberId === id };
    },
  );

  // The public /community page's preview: the All feed's first posts as no member sees them
  // (nobody's blocks apply), each reduced to its handle and text; read once a minute at most.
  let preview: { until: number; answer: Promise<CommunityPreview> } | null = null;
  const readPreview = async (): Promise<CommunityPreview> => {
    const feed = await store.feed(nobody, { kind: 'all' });
    return {
      posts: feed.posts.slice(0, communityPreviewSize).map((post) => ({
        id: post.id,
        handle: post.author.handle,
        body: post.body,
        sentiment: post.sentiment,
        paid: post.paid,
        symbols: post.symbols,
        heldSymbols: post.heldSymbols,
        mentions: post.mentions,
        createdAt: post.createdAt,
        likes: post.likes,
        replyCount: post.replyCount,
      })),
    };
  };
  app.get(
    '/api/community/preview',
    { config: { access: 'public' } },
    async (_request, reply): Promise<CommunityPreview> => {
      const now = performance.now();
      if (!preview || preview.until <= now) {
        const answer = readPreview();
        preview = { until: now + previewKeepMs, answer };
        answer.catch(() => {
          if (preview?.answer === answer) preview = null;
        });
      }
      reply.header('cache-control', 'public, max-age=60');
      return preview.answer;
    },
  );

  app.get('/api/community/feed', user, async (request, reply): Promise<CommunityFeed> => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    const { cursor, tab, until } = parseInput(feedQuerySchema, request.query);
    return store.feed(id, { kind: tab }, cursor, until);
  });

  // Posts and replies take one of the instance's write slots for their checks and their write
  // (ADR 0059): past the bound they wait their turn, or are refused with 503 and Retry-After.
  app.post('/api/community/posts', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(postInputSchema, request.body);
    const { post, heldForReview } = await writeSlots.run(async () => {
      const checked = await withChart(await checkedPost(market, input), input.chart, charts);
      const withSocial = await withMentionsAndHoldings(social, id, checked, input.holds);
      // The pump guard is judged in the write, under its lock (ADR 0042, ADR 0059).
      return store.write(id, withSocial);
    });
    return reply.status(201).send({ post, heldForReview });
  });

  app.get<IdParams>(
    '/api/community/posts/:id',
    user,
    async (request, reply): Promise<CommunityThread> => {
      const { id } = await requireUser(auth, request);
      reply.header('cache-control', 'no-store');
      return store.thread(id, request.params.id);
    },
  );

  app.patch<IdParams>('/api/community/posts/:id', user, async (request) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(postInputSchema, request.body);
    const checked = await withMentionsAndHoldings(social, id, await checkedPost(market, input));
    const held = await moderation.guardEdit(id, request.params.id, checked.symbols);
    const post = await store.edit(id, request.params.id, checked);
    if (held) await moderation.hold(post.id);
    return { post, heldForReview: held };
  });

  app.delete<IdParams>('/api/community/posts/:id', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    await store.delete(id, request.params.id);
    return reply.status(204).send();
  });

  app.post<IdParams>('/api/community/posts/:id/replies', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const input = parseInput(replyInputSchema, request.body);
    const { post, heldForReview } = await writeSlots.run(async () => {
      const checked = await checkedPost(market, input);
      const withSocial = await withMentionsAndHoldings(social, id, checked);
      // A reply naming a surging symbol is held like a post: pumps spread through threads too.
      return store.write(id, withSocial, request.params.id);
    });
    return reply.status(201).send({ reply: post, heldForReview });
  });

  app.put<IdParams>('/api/community/posts/:id/like', user, async (request) => {
    const { id } = await requireUser(auth, request);
    const { liked } = parseInput(likeSchema, request.body);
    return { post: await store.like(id, request.params.id, liked) };
  });

  app.post<IdParams>('/api/community/posts/:id/report', user, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    const { reason, note } = parseInput(reportInputSchema, request.body);
    await store.report(id, request.params.id, reason, note);
    return reply.status(204).send();
  });
};
