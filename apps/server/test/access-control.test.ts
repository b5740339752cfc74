import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertDeliveries,
  alertDestinations,
  alerts,
  communityConversationMembers,
  communityConversations,
  communityMessageReports,
  communityMessageSettings,
  communityMessages,
  communityModerators,
  communityPostReviews,
  communityPosts,
  communityProfiles,
  communityUserReports,
  knownDevice,
  learnCertificates,
  payments,
  portfolios,
  portfolioTransactions,
  savedScreens,
  supportAgents,
  supportAttachments,
  supportMessages,
  supportRequests,
  teamInvitations,
  teamMembers,
  teams,
  watchlistItems,
  watchlists,
} from '../src/db/schema/index.ts';
import type { ApiRoute } from '../src/http/route-access.ts';
import { insertNotification } from '../src/modules/notifications/service.ts';
import { setTier } from '../src/modules/profiles/service.ts';
import { fillPath, sendRaw } from './raw-http.ts';
import { onePixelPng } from './support-fixtures.ts';
import { tableDigests } from './table-digests.ts';
import {
  createTestApp,
  type SignedUpUser,
  signInUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from './test-app.ts';

/**
 * Access control over every `/api` route the app registers (its route table, not a list kept
 * here): a visitor gets 401 wherever a user is required, and another user never reaches a
 * user's resources (404) or sees their data.
 */

/**
 * How to make a resource owned by `owner` for each user route that takes an id: the path's
 * parameters, and a body the route accepts from the owner (`{}` when none is given). A new
 * route with a parameter fails the test until it is listed here or in `sharedParams`.
 */
type Fixture = (context: {
  testApp: TestApp;
  owner: SignedUpUser;
}) => Promise<{ params: Record<string, string>; body?: object }>;

/** A watchlist of the owner holding AAPL and MSFT. */
const watchlistFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => {
    const { db } = testApp.db.database;
    const [list] = await db
      .insert(watchlists)
      .values({ userId: owner.id, name: `Private ${randomBytes(4).toString('hex')}` })
      .returning();
    await db.insert(watchlistItems).values([
      { watchlistId: list!.id, userId: owner.id, symbol: 'AAPL', position: 0 },
      { watchlistId: list!.id, userId: owner.id, symbol: 'MSFT', position: 1 },
    ]);
    return { params: { id: list!.id, symbol: 'AAPL' }, ...(body ? { body } : {}) };
  };

/** A saved screen of the owner. */
const screenFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => {
    const [screen] = await testApp.db.database.db
      .insert(savedScreens)
      .values({ userId: owner.id, name: `Private ${randomBytes(4).toString('hex')}`, query: '' })
      .returning();
    return { params: { id: screen!.id }, ...(body ? { body } : {}) };
  };

/** A price alert of the owner. */
async function ownedAlert(testApp: TestApp, owner: SignedUpUser) {
  const [alert] = await testApp.db.database.db
    .insert(alerts)
    .values({ userId: owner.id, symbol: 'AAPL', kind: 'price_above', level: 1e5, repeat: 'once' })
    .returning();
  return alert!.id;
}
/** A price alert of the owner, on a plan with alerts. */
const alertFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => {
    await setTier(testApp.db.database.db, owner.id, 'pro');
    return { params: { id: await ownedAlert(testApp, owner) }, ...(body ? { body } : {}) };
  };
/** A portfolio of the owner with one deposit in it. */
async function ownedPortfolio(testApp: TestApp, owner: SignedUpUser) {
  const { db } = testApp.db.database;
  const [portfolio] = await db
    .insert(portfolios)
    .values({ userId: owner.id, name: `Private ${randomBytes(4).toString('hex')}` })
    .returning();
  const [transaction] = await db
    .insert(portfolioTransactions)
    .values({ portfolioId: portfolio!.id, kind: 'deposit', date: '2024-01-02', amount: '100' })
    .returning();
  return { portfolioId: portfolio!.id, transactionId: transaction!.id };
}
const portfolioFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => {
    const { portfolioId } = await ownedPortfolio(testApp, owner);
    return { params: { portfolioId }, ...(body ? { body } : {}) };
  };
/** The owner's practice portfolio, with its practice cash (made on first use). */
const practiceFixture: Fixture = async ({ testApp, owner }) => {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/portfolios/practice',
    headers: { cookie: owner.cookie, origin: testOrigin },
  });
  return { params: { portfolioId: response.json().portfolio.id } };
};
const transactionFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => ({
    params: await ownedPortfolio(testApp, owner),
    ...(body ? { body } : {}),
  });
const deposit = { kind: 'deposit', date: '2024-01-03', amount: '25' };
const depositCsv = { csv: 'date,type,amount\n2024-01-04,deposit,10', format: 'tickerwise' };

/** A community post of the owner (who chooses a handle first). */
const communityPostFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => {
    const [post] = await testApp.db.database.db
      .insert(communityPosts)
      .values({
        authorId: owner.id,
        body: `Owned post ${randomBytes(4).toString('hex')}`,
        createdAt: new Date(),
      })
      .returning();
    return { params: { id: post!.id }, ...(body ? { body } : {}) };
  };

/** A post of the owner that a moderator removed: only its author may appeal. */
const removedPostFixture: Fixture = async ({ testApp, owner }) => {
  const { db } = testApp.db.database;
  const [post] = await db
    .insert(communityPosts)
    .values({
      authorId: owner.id,
      body: `Removed post ${randomBytes(4).toString('hex')}`,
      createdAt: new Date(),
      hiddenAt: new Date(),
    })
    .returning();
  await db
    .insert(communityPostReviews)
    .values({ postId: post!.id, removedAt: new Date(), removalReason: 'Spam' });
  return { params: { id: post!.id }, body: { text: 'Please look again' } };
};

/** A post of the poster hidden by reports, waiting in the moderation queue. */
const queuedPostFixture =
  (body: object): Fixture =>
  async ({ testApp }) => {
    const [post] = await testApp.db.database.db
      .insert(communityPosts)
      .values({
        authorId: posterId,
        body: `Hidden post ${randomBytes(4).toString('hex')}`,
        createdAt: new Date(),
        hiddenAt: new Date(),
      })
      .returning();
    return { params: { id: post!.id }, body };
  };

/**
 * The owner's conversation with the poster (one per pair, made on first use) and a new message
 * of the poster's in it.
 */
async function ownerConversation(testApp: TestApp, owner: SignedUpUser) {
  const { db } = testApp.db.database;
  const [lowId, highId] = owner.id < posterId ? [owner.id, posterId] : [posterId, owner.id];
  await db
    .insert(communityConversations)
    .values({ lowId, highId, createdAt: new Date(), startedBy: posterId, startedAt: new Date() })
    .onConflictDoNothing();
  const [conversation] = await db
    .select({ id: communityConversations.id })
    .from(communityConversations)
    .where(and(eq(communityConversations.lowId, lowId), eq(communityConversations.highId, highId)));
  const conversationId = conversation!.id;
  await db
    .insert(communityConversationMembers)
    .values([
      { conversationId, userId: owner.id, otherId: posterId, lastMessageAt: new Date() },
      { conversationId, userId: posterId, otherId: owner.id, lastMessageAt: new Date() },
    ])
    .onConflictDoNothing();
  const [message] = await db
    .insert(communityMessages)
    .values({
      conversationId,
      senderId: posterId,
      body: `Private message ${randomBytes(4).toString('hex')}`,
      createdAt: new Date(),
    })
    .returning({ id: communityMessages.id });
  return { conversationId, messageId: message!.id };
}
const conversationFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => ({
    params: { id: (await ownerConversation(testApp, owner)).conversationId },
    ...(body ? { body } : {}),
  });
/** A message of the poster to the owner, which the owner reported. */
const reportedMessageFixture =
  (body: object): Fixture =>
  async ({ testApp, owner }) => {
    const { messageId } = await ownerConversation(testApp, owner);
    await testApp.db.database.db
      .insert(communityMessageReports)
      .values({ messageId, reporterId: owner.id, reason: 'abuse', createdAt: new Date() });
    return { params: { id: messageId }, body };
  };

/**
 * Routes only moderators reach: every other member gets 404, as if they did not exist. Each
 * with what a moderator calls it with (a new route under /api/community/moderation/ fails the
 * test until it is listed here).
 */
const moderatorOnly: Record<string, Fixture> = {
  'GET /api/community/moderation/queue': async () => ({ params: {} }),
  'GET /api/community/moderation/log': async () => ({ params: {} }),
  'POST /api/community/moderation/posts/:id/restore': queuedPostFixture({}),
  'POST /api/community/moderation/posts/:id/remove': queuedPostFixture({ reason: 'Spam' }),
  'GET /api/community/moderation/messages': async () => ({ params: {} }),
  'POST /api/community/moderation/messages/:id/remove': reportedMessageFixture({ reason: 'Spam' }),
  'POST /api/community/moderation/messages/:id/dismiss': reportedMessageFixture({}),
  'POST /api/community/moderation/users/:handle/suspend': async () => ({
    params: { handle: sharedHandle },
    body: { days: 1, reason: 'Spam' },
  }),
  'POST /api/community/moderation/users/:handle/dismiss': async ({ testApp, owner }) => {
    // An open report of the poster to dismiss (the owner's, opened again if settled).
    await testApp.db.database.db
      .insert(communityUserReports)
      .values({ userId: posterId, reporterId: owner.id, reason: 'spam', createdAt: new Date() })
      .onConflictDoUpdate({
        target: [communityUserReports.userId, communityUserReports.reporterId],
        set: { resolvedAt: null },
      });
    return { params: { handle: sharedHandle } };
  },
};
/** The owner's team (made on first use), on a plan with teams. */
async function ownedTeam(testApp: TestApp, owner: SignedUpUser): Promise<string> {
  const { db } = testApp.db.database;
  await setTier(db, owner.id, 'enterprise');
  const [existing] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.ownerId, owner.id));
  if (existing) return existing.id;
  const [team] = await db
    .insert(teams)
    .values({ ownerId: owner.id, name: 'Private team' })
    .returning();
  await db.insert(teamMembers).values({ teamId: team!.id, userId: owner.id, role: 'owner' });
  return team!.id;
}
/** A viewer in the owner's team. */
const teamMemberFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => {
    const teamId = await ownedTeam(testApp, owner);
    const member = await signUpUser(testApp.app);
    await testApp.db.database.db
      .insert(teamMembers)
      .values({ teamId, userId: member.id, role: 'viewer' });
    return { params: { userId: member.id }, ...(body ? { body } : {}) };
  };

/** A webhook destination of the owner, on a plan with integrations, and one delivery to it. */
async function ownedDestination(testApp: TestApp, owner: SignedUpUser) {
  const { db } = testApp.db.database;
  await setTier(db, owner.id, 'enterprise');
  const [destination] = await db
    .insert(alertDestinations)
    .values({
      userId: owner.id,
      kind: 'webhook',
      name: `Private ${randomBytes(4).toString('hex')}`,
      urlSealed: 'v1.not-opened-here',
      displayUrl: 'https://hooks.example.com/owner',
      createdAt: new Date(),
    })
    .returning();
  const [delivery] = await db
    .insert(alertDeliveries)
    .values({
      destinationId: destination!.id,
      userId: owner.id,
      eventId: `msg_${randomBytes(16).toString('hex')}`,
      type: 'test',
      occurredAt: new Date(),
      createdAt: new Date(),
      state: 'failed',
    })
    .returning();
  return { destinationId: destination!.id, deliveryId: delivery!.id };
}
const destinationFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => ({
    params: { id: (await ownedDestination(testApp, owner)).destinationId },
    ...(body ? { body } : {}),
  });

/** A support request of the owner's, written to the database, with a screenshot. */
async function ownedSupportRequest(testApp: TestApp, owner: SignedUpUser) {
  const { db } = testApp.db.database;
  const now = new Date();
  const [request] = await db
    .insert(supportRequests)
    .values({
      userId: owner.id,
      subject: `Private ${randomBytes(4).toString('hex')}`,
      category: 'billing',
      priority: false,
      tier: 'free',
      createdAt: now,
      updatedAt: now,
      firstReplyDueAt: now,
      messageCount: 1,
    })
    .returning({ id: supportRequests.id });
  const [message] = await db
    .insert(supportMessages)
    .values({
      requestId: request!.id,
      authorId: owner.id,
      fromSupport: false,
      body: 'Only the owner and support may read this.',
      createdAt: now,
    })
    .returning({ id: supportMessages.id });
  const [attachment] = await db
    .insert(supportAttachments)
    .values({
      messageId: message!.id,
      requestId: request!.id,
      contentType: 'image/png',
      bytes: 70,
      data: Buffer.from(onePixelPng, 'base64'),
      createdAt: now,
    })
    .returning({ id: supportAttachments.id });
  return { requestId: request!.id, attachmentId: attachment!.id };
}
const supportFixture =
  (body?: object): Fixture =>
  async ({ testApp, owner }) => ({
    params: { id: (await ownedSupportRequest(testApp, owner)).requestId },
    ...(body ? { body } : {}),
  });

/** Routes only support agents reach: every other user gets 404. */
const agentOnly: Record<string, Fixture> = {
  'GET /api/support/queue': async () => ({ params: {} }),
  'GET /api/support/queue/count': async () => ({ params: {} }),
};

/** A post by a third member, which every user may read, like, answer and report. */
const sharedPostId = '6f1c2a7e-3b1d-4c55-9a2e-0d4e5f6a7b8c';
const sharedHandle = 'access_poster';

const ownedResources: Record<string, Fixture> = {
  'GET /api/billing/receipts/:id': async ({ testApp, owner }) => {
    const [payment] = await testApp.db.database.db
      .insert(payments)
      .values({
        userId: owner.id,
        provider: 'test',
        providerPaymentId: `test_${randomBytes(6).toString('hex')}`,
        kind: 'subscription',
        tier: 'pro',
        amountCents: 1999,
        status: 'succeeded',
        cardLast4: '4242',
      })
      .returning({ id: payments.id });
    return { params: { id: payment!.id } };
  },
  'DELETE /api/me/sessions/:id': async ({ testApp, owner }) => {
    // A second device of the owner's, so that ending it leaves the owner signed in.
    await signInUser(testApp.app, owner);
    const sessions = await testApp.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: owner.cookie },
    });
    const other = sessions.json().sessions.find((item: { current: boolean }) => !item.current);
    return { params: { id: other.id } };
  },
  'DELETE /api/auth/devices/:id': async ({ testApp, owner }) => {
    // A browser the owner signed in with (each sign-in lists one).
    await signInUser(testApp.app, owner);
    const [browser] = await testApp.db.database.db
      .select({ id: knownDevice.id })
      .from(knownDevice)
      .where(and(eq(knownDevice.userId, owner.id), isNull(knownDevice.forgottenAt)))
      .limit(1);
    return { params: { id: browser!.id } };
  },
  'DELETE /api/api-keys/:id': async ({ testApp, owner }) => {
    const { db } = testApp.db.database;
    await setTier(db, owner.id, 'enterprise');
    const created = await testApp.app.apiKeys.create(owner.id, {
      name: 'Owned key',
      password: owner.password,
    });
    await setTier(db, owner.id, 'free');
    return { params: { id: created.key.id } };
  },
  'POST /api/notifications/:id/read': async ({ testApp, owner }) => ({
    params: {
      id: await insertNotification(testApp.db.database.db, {
        title: 'Only for the owner',
        message: 'A notification addressed to one user.',
        userId: owner.id,
      }),
    },
  }),
  'POST /api/learn/certificates/:id/revoke': async ({ testApp, owner }) => {
    const [certificate] = await testApp.db.database.db
      .insert(learnCertificates)
      .values({
        userId: owner.id,
        courseId: `course-${randomBytes(4).toString('hex')}`,
        displayName: 'Owner',
        signature: 'not checked here',
      })
      .returning({ id: learnCertificates.id });
    return { params: { id: certificate!.id } };
  },
  'GET /api/watchlists/:id': watchlistFixture(),
  'PATCH /api/watchlists/:id': watchlistFixture({ name: 'Renamed by its owner' }),
  'DELETE /api/watchlists/:id': watchlistFixture(),
  'POST /api/watchlists/:id/symbols': watchlistFixture({ symbol: 'KO' }),
  'DELETE /api/watchlists/:id/symbols/:symbol': watchlistFixture(),
  'PUT /api/watchlists/:id/order': watchlistFixture({ symbols: ['MSFT', 'AAPL'] }),
  'PUT /api/watchlists/:id/team': async (context) => {
    await ownedTeam(context.testApp, context.owner);
    return watchlistFixture({ shared: true })(context);
  },
  'DELETE /api/team/invitations/:id': async ({ testApp, owner }) => {
    const teamId = await ownedTeam(testApp, owner);
    const [invitation] = await testApp.db.database.db
      .insert(teamInvitations)
      .values({
        teamId,
        email: `invited-${randomBytes(4).toString('hex')}@example.com`,
        role: 'viewer',
        tokenHash: randomBytes(32).toString('hex'),
        invitedBy: owner.id,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: teamInvitations.id });
    return { params: { id: invitation!.id } };
  },
  'PATCH /api/team/members/:userId': teamMemberFixture({ role: 'editor' }),
  'DELETE /api/team/members/:userId': teamMemberFixture(),
  'PATCH /api/screens/:id': screenFixture({ name: 'Renamed by its owner' }),
  'DELETE /api/screens/:id': screenFixture(),
  'PATCH /api/community/posts/:id': communityPostFixture({ body: 'Edited by its author' }),
  'DELETE /api/community/posts/:id': communityPostFixture(),
  'POST /api/community/posts/:id/appeal': removedPostFixture,
  // A conversation is its two members' only: anyone else is told it does not exist.
  'GET /api/community/conversations/:id': conversationFixture(),
  'POST /api/community/conversations/:id/messages': conversationFixture({ body: 'An answer' }),
  'POST /api/community/conversations/:id/read': conversationFixture(),
  'PUT /api/community/conversations/:id/mute': conversationFixture({ muted: false }),
  'POST /api/community/messages/:id/report': async ({ testApp, owner }) => ({
    params: { id: (await ownerConversation(testApp, owner)).messageId },
    body: { reason: 'spam' },
  }),
  'PATCH /api/integrations/destinations/:id': destinationFixture({ name: 'Renamed by its owner' }),
  'DELETE /api/integrations/destinations/:id': destinationFixture(),
  'GET /api/integrations/destinations/:id/deliveries': destinationFixture(),
  'POST /api/integrations/destinations/:id/test': destinationFixture(),
  'POST /api/integrations/deliveries/:id/resend': async ({ testApp, owner }) => ({
    params: { id: (await ownedDestination(testApp, owner)).deliveryId },
  }),
  'GET /api/support/requests/:id': supportFixture(),
  'POST /api/support/requests/:id/messages': supportFixture({ message: 'More detail' }),
  'POST /api/support/requests/:id/solve': supportFixture(),
  'POST /api/support/requests/:id/reopen': supportFixture(),
  'GET /api/support/attachments/:id': async ({ testApp, owner }) => ({
    params: { id: (await ownedSupportRequest(testApp, owner)).attachmentId },
  }),
  'PUT /api/alerts/:id/team': async ({ testApp, owner }) => {
    await ownedTeam(testApp, owner);
    return { params: { id: await ownedAlert(testApp, owner) }, body: { shared: true } };
  },
  'GET /api/alerts/:id': alertFixture(),
  'PATCH /api/alerts/:id': alertFixture({ state: 'paused' }),
  'DELETE /api/alerts/:id': alertFixture(),
  'GET /api/portfolios/:portfolioId': portfolioFixture(),
  'PATCH /api/portfolios/:portfolioId': portfolioFixture({ name: 'Renamed by its owner' }),
  'DELETE /api/portfolios/:portfolioId': portfolioFixture(),
  'PUT /api/portfolios/:portfolioId/team': async (context) => {
    await ownedTeam(context.testApp, context.owner);
    return portfolioFixture({ shared: true })(context);
  },
  'GET /api/portfolios/:portfolioId/holdings': portfolioFixture(),
  'GET /api/portfolios/:portfolioId/performance': portfolioFixture(),
  'GET /api/portfolios/:portfolioId/transactions': portfolioFixture(),
  'POST /api/portfolios/:portfolioId/transactions': portfolioFixture(deposit),
  'PUT /api/portfolios/:portfolioId/transactions/:transactionId': transactionFixture(deposit),
  'DELETE /api/portfolios/:portfolioId/transactions/:transactionId': transactionFixture(),
  'POST /api/portfolios/:portfolioId/imports/preview': portfolioFixture(depositCsv),
  'POST /api/portfolios/:portfolioId/imports': portfolioFixture(depositCsv),
  'GET /api/portfolios/:portfolioId/exports/transactions.csv': portfolioFixture(),
  'GET /api/portfolios/:portfolioId/exports/holdings.csv': portfolioFixture(),
  'GET /api/portfolios/:portfolioId/imports/progress': portfolioFixture(),
  'POST /api/portfolios/:portfolioId/reset': practiceFixture,
  // The public API, for the owner's key (the owner is on Enterprise by then, which has alerts).
  'GET /api/v1/watchlists/:id': watchlistFixture(),
  'GET /api/v1/alerts/:id': async ({ testApp, owner }) => ({
    params: { id: await ownedAlert(testApp, owner) },
  }),
  'GET /api/v1/portfolios/:portfolioId': portfolioFixture(),
  'GET /api/v1/portfolios/:portfolioId/holdings': portfolioFixture(),
  'GET /api/v1/portfolios/:portfolioId/transactions': portfolioFixture(),
  'GET /api/v1/portfolios/:portfolioId/performance': portfolioFixture(),
};

/**
 * User routes whose parameter names data every user may see, with a value to call them with,
 * and the answer the test users (on the Free plan) get when it is not a success.
 */
const sharedParams: Record<
  string,
  { why: string; params: Record<string, string>; body?: object; freePlanStatus?: number }
> = {
  'GET /api/stocks/:symbol': {
    why: 'market data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/history': {
    why: 'market data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/intraday': {
    why: 'intraday bars are the same for everyone on a plan (delayed for Free)',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/profile': {
    why: 'company data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/news': {
    why: 'company news is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/earnings': {
    why: 'earnings dates and results are the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/filings': {
    why: 'SEC filings are public and the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/why-it-moved': {
    why: 'the day’s summary is shared by every reader; reading it is free',
    params: { symbol: 'AAPL' },
  },
  'POST /api/stocks/:symbol/why-it-moved': {
    why: 'the day’s summary is shared by every reader; the credit for writing it is the caller’s own',
    params: { symbol: 'AAPL' },
    body: {},
  },
  'GET /api/stocks/:symbol/filings/:accession/summary': {
    why: 'a filing’s summary is shared by every reader (this server lists no filings: 404)',
    params: { symbol: 'AAPL', accession: '0000320193-25-000079' },
    freePlanStatus: 404,
  },
  'POST /api/stocks/:symbol/filings/:accession/summary': {
    why: 'a filing’s summary is shared by every reader; the credit for writing it is the caller’s own (this server lists no filings: 404)',
    params: { symbol: 'AAPL', accession: '0000320193-25-000079' },
    body: {},
    freePlanStatus: 404,
  },
  'GET /api/stocks/:symbol/financials': {
    why: 'financial statements are the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/fund': {
    why: 'a fund’s data is the same for everyone',
    params: { symbol: 'SPY' },
  },
  'GET /api/stocks/:symbol/analysis': {
    why: 'the facts and the stored analysis are the same for everyone; credits are counted per user',
    params: { symbol: 'AAPL' },
  },
  'POST /api/stocks/:symbol/analysis/written': {
    why: 'the written analysis is shared by every reader; the credit it costs is the caller’s own',
    params: { symbol: 'AAPL' },
    freePlanStatus: 402,
  },
  'POST /api/stocks/:symbol/ask': {
    why: 'questions are answered from the shared facts, charged to the caller',
    params: { symbol: 'AAPL' },
    body: { question: 'How did the shares do over the past year?' },
    freePlanStatus: 402,
  },
  'GET /api/community/users/:handle': {
    why: 'a community profile is public to members; it never holds the email',
    params: { handle: sharedHandle },
  },
  'GET /api/community/posts/:id': {
    why: 'community posts are public to members',
    params: { id: sharedPostId },
  },
  'POST /api/community/posts/:id/replies': {
    why: 'any member may reply to a post; the reply is the caller’s own',
    params: { id: sharedPostId },
    body: { body: 'A reply from a member' },
  },
  'PUT /api/community/posts/:id/like': {
    why: 'any member may like a post; the like is the caller’s own',
    params: { id: sharedPostId },
    body: { liked: true },
  },
  'POST /api/community/posts/:id/report': {
    why: 'any member may report a post; the report is the caller’s own',
    params: { id: sharedPostId },
    body: { reason: 'spam' },
  },
  'PUT /api/community/users/:handle/follow': {
    why: 'any member may follow another; the follow is the caller’s own',
    params: { handle: sharedHandle },
    body: { following: true },
  },
  'PUT /api/community/symbols/:symbol/follow': {
    why: 'symbols are the same for everyone; the follow is the caller’s own',
    params: { symbol: 'AAPL' },
    body: { following: true },
  },
  'GET /api/community/symbols/:symbol/posts': {
    why: 'community posts are public to members',
    params: { symbol: 'AAPL' },
  },
  'POST /api/community/users/:handle/report': {
    why: 'any member may report a member; the report is the caller’s own',
    params: { handle: sharedHandle },
    body: { reason: 'spam' },
  },
  'PUT /api/community/blocks/:handle': {
    why: 'any member may block a member; the block list is the caller’s own',
    params: { handle: sharedHandle },
  },
  'DELETE /api/community/blocks/:handle': {
    why: 'unblocking changes only the caller’s own block list',
    params: { handle: sharedHandle },
  },
  'GET /api/v1/quotes/:symbol': {
    why: 'market data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/v1/stocks/:symbol': {
    why: 'market data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/v1/stocks/:symbol/history': {
    why: 'market data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/v1/stocks/:symbol/intraday': {
    why: 'intraday bars are the same for every key owner on a plan',
    params: { symbol: 'AAPL' },
  },
  'GET /api/v1/stocks/:symbol/company': {
    why: 'company data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/v1/stocks/:symbol/news': {
    why: 'company news is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/v1/stocks/:symbol/earnings': {
    why: 'earnings dates and results are the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/v1/stocks/:symbol/filings': {
    why: 'SEC filings are public and the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/learn/courses/:courseId': {
    why: 'the courses are the same for everyone; the progress shown is the caller’s own',
    params: { courseId: 'first-steps' },
  },
  'POST /api/learn/courses/:courseId/start': {
    why: 'starting a course counts against the caller’s own plan',
    params: { courseId: 'first-steps' },
  },
  'POST /api/learn/courses/:courseId/certificate': {
    why: 'a certificate is issued to the caller, for a course the caller completed',
    params: { courseId: 'first-steps' },
    body: { displayName: 'A Learner' },
    // Neither test user completed the course.
    freePlanStatus: 409,
  },
  'GET /api/learn/lessons/:lessonId': {
    why: 'the lessons are the same for everyone; the quiz attempt is the caller’s own',
    params: { lessonId: 'what-is-a-share' },
  },
  'POST /api/learn/lessons/:lessonId/attempts': {
    why: 'an attempt is scored and kept for the caller',
    params: { lessonId: 'why-prices-move' },
    body: { attempt: 1, answers: {} },
  },
  'GET /api/v1/stocks/:symbol/analysis': {
    why: 'the facts and the stored analysis are the same for everyone; credits are counted per user',
    params: { symbol: 'AAPL' },
  },
  'POST /api/v1/stocks/:symbol/analysis/written': {
    why: 'the written analysis is shared by every reader; the credit it costs is the caller’s own',
    params: { symbol: 'AAPL' },
  },
};

/**
 * Parameterless reads only some users may make, with the answer the test users (in no team)
 * get: the team's audit log is for its Admins and Owner.
 */
const refusedOutsideTeam: Record<string, number> = {
  'GET /api/team/activity': 404,
  'GET /api/team/activity.csv': 404,
};

const key = (route: ApiRoute) => `${route.method} ${route.url}`;
const hasParams = (route: ApiRoute) => route.url.includes(':');

let testApp: TestApp;
let baseUrl: string;
let owner: SignedUpUser;
let other: SignedUpUser;
/** Text only the owner's answers may contain. */
let ownerMarkers: string[];
let routes: ApiRoute[];
/** `routes` and the moderators' routes. */
let allRoutes: ApiRoute[];
/** The member who wrote the shared post. */
let posterId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signUpUser(testApp.app, { name: `Owner ${randomBytes(4).toString('hex')}` });
  other = await signUpUser(testApp.app);
  const ownerTitle = `Private note ${randomBytes(4).toString('hex')}`;
  await insertNotification(testApp.db.database.db, {
    title: ownerTitle,
    message: 'Only the owner may read this.',
    userId: owner.id,
  });
  const screenName = `Private screen ${randomBytes(4).toString('hex')}`;
  await testApp.db.database.db
    .insert(savedScreens)
    .values({ userId: owner.id, name: screenName, query: 'sector=Energy' });
  ownerMarkers = [owner.id, owner.email, ownerTitle, screenName];
  // Both users are community members; a third member wrote the post every member may read.
  const { db } = testApp.db.database;
  const poster = await signUpUser(testApp.app);
  posterId = poster.id;
  await db.insert(communityProfiles).values([
    { userId: owner.id, handle: `owner_${randomBytes(3).toString('hex')}`, displayName: 'Owner' },
    { userId: other.id, handle: `other_${randomBytes(3).toString('hex')}`, displayName: 'Other' },
    { userId: poster.id, handle: sharedHandle, displayName: 'Poster' },
  ]);
  await db
    .insert(communityPosts)
    .values({ id: sharedPostId, authorId: poster.id, body: 'Shared post', createdAt: new Date() });
  // The poster takes messages from anyone: the owner may answer in their conversation.
  await db
    .insert(communityMessageSettings)
    .values({ userId: poster.id, fromAnyone: true, updatedAt: new Date() });
  // HEAD mirrors GET; the wildcard is better-auth's, which checks its own sessions. Routes
  // only moderators reach have their own test below.
  allRoutes = testApp.app.apiRoutes.filter((route) => route.method !== 'HEAD');
  routes = allRoutes.filter((route) => !(key(route) in moderatorOnly || key(route) in agentOnly));
});
afterAll(() => testApp.close());

function call(route: ApiRoute, params: Record<string, string>, cookie?: string, body?: object) {
  const path = fillPath(route.url, params);
  return sendRaw(baseUrl, {
    method: route.method,
    path,
    headers: {
      origin: testOrigin,
      ...(cookie ? { cookie } : {}),
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    body: route.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
}

const anyParams = (route: ApiRoute) =>
  Object.fromEntries([...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => [match[1], 'x']));

describe('access levels', () => {
  it('refuses to start with an /api route that declares no access level', async () => {
    await expect(
      createTestApp({
        extend: (app) => {
          app.get('/api/test/undeclared', async () => ({ open: true }));
        },
      }),
    ).rejects.toThrow(/declares no access level/);
  });

  it('knows every route the app serves, with its access level', () => {
    const table = Object.fromEntries(routes.map((route) => [key(route), route.access]));
    // A few anchors; the checks below run over whatever the table holds.
    expect(table['GET /api/health']).toBe('public');
    expect(table['GET /api/me']).toBe('user');
    expect(table['POST /api/notifications']).toBe('operator');
    expect(routes.length).toBeGreaterThanOrEqual(12);
  });
});

describe('a signed-out client', () => {
  it('gets 401 from every user, operator and API key route', async () => {
    const guarded = allRoutes.filter(
      (route) =>
        route.access === 'user' || route.access === 'operator' || route.access === 'apikey',
    );
    expect(guarded.length).toBeGreaterThan(0);
    const answers: string[] = [];
    for (const route of guarded) {
      const response = await call(route, anyParams(route));
      if (response.status !== 401) answers.push(`${key(route)} -> ${response.status}`);
    }
    expect(answers).toEqual([]);
  });
});

describe('a second user', () => {
  it('gets 404 for every resource of another user, and the resource is unchanged', async () => {
    const withIds = routes.filter((route) => route.access === 'user' && hasParams(route));
    const uncovered = withIds
      .map(key)
      .filter((name) => !(name in ownedResources) && !(name in sharedParams));
    // A new route that takes an id needs a fixture above, so this test covers it.
    expect(uncovered).toEqual([]);

    for (const route of withIds.filter((candidate) => key(candidate) in ownedResources)) {
      const fixture = ownedResources[key(route)] as Fixture;
      const { params, body } = await fixture({ testApp, owner });
      const before = await settledDatabase();
      const attempt = await call(route, params, other.cookie, body);
      expect(attempt.status, `${key(route)} as another user`).toBe(404);
      expect(attempt.body).not.toContain(owner.email);
      expect(await settledDatabase(), `${key(route)} as another user changed a table`).toEqual(
        before,
      );
      const own = await call(route, params, owner.cookie, body);
      expect(own.status, `${key(route)} as its owner`).toBeLessThan(300);
    }
  }, 120_000);

  it("never sees another user's data in any answer", async () => {
    const reads = routes.filter(
      (route) => route.access === 'user' && route.method === 'GET' && !hasParams(route),
    );
    const leaks: string[] = [];
    let ownerSeesOwnData = false;
    for (const route of [...reads, ...sharedRoutes()]) {
      const shared = sharedParams[key(route)];
      const params = shared?.params ?? {};
      const asOther = await call(route, params, other.cookie, shared?.body);
      if (shared?.freePlanStatus) {
        expect(asOther.status, `${key(route)} as a Free user`).toBe(shared.freePlanStatus);
      } else if (key(route) in refusedOutsideTeam) {
        expect(asOther.status, `${key(route)} outside a team`).toBe(refusedOutsideTeam[key(route)]);
      } else {
        expect(asOther.status, `${key(route)} as a user`).toBeLessThan(300);
      }
      for (const marker of ownerMarkers) {
        if (asOther.body.includes(marker)) leaks.push(`${key(route)} shows ${marker}`);
      }
      const asOwner = await call(route, params, owner.cookie, shared?.body);
      if (ownerMarkers.some((marker) => asOwner.body.includes(marker))) ownerSeesOwnData = true;
    }
    expect(leaks).toEqual([]);
    // The markers do appear where they should: the check above can fail.
    expect(ownerSeesOwnData).toBe(true);
  });
});

function sharedRoutes(): ApiRoute[] {
  return routes.filter((route) => route.access === 'user' && key(route) in sharedParams);
}

/**
 * Every table of the database, digested (`tableDigests`), once the email the last requests
 * queued in the background is in the outbox: a refused request must leave every row as it was,
 * the owner's and everyone else's, outside the bookkeeping any request writes.
 */
async function settledDatabase(): Promise<Record<string, string>> {
  await testApp.app.mail.mailer.settle();
  return tableDigests(testApp.db.database);
}

describe('the moderators’ routes', () => {
  it('answer 404 to every member who is not a moderator, and serve a moderator', async () => {
    const listed = allRoutes
      .filter((route) => route.url.startsWith('/api/community/moderation/'))
      .map(key);
    expect(listed.sort()).toEqual(Object.keys(moderatorOnly).sort());
    const moderator = await signUpUser(testApp.app);
    const { db } = testApp.db.database;
    await db
      .insert(communityProfiles)
      .values({ userId: moderator.id, handle: 'access_moderator', displayName: 'Moderator' });
    await db.insert(communityModerators).values({ userId: moderator.id });
    for (const route of allRoutes.filter((candidate) => key(candidate) in moderatorOnly)) {
      const fixture = moderatorOnly[key(route)] as Fixture;
      const { params, body } = await fixture({ testApp, owner });
      const asMember = await call(route, params, other.cookie, body);
      expect(asMember.status, `${key(route)} as a member`).toBe(404);
      const asModerator = await call(route, params, moderator.cookie, body);
      expect(asModerator.status, `${key(route)} as a moderator: ${asModerator.body}`).toBeLessThan(
        300,
      );
      expect(asModerator.body).not.toContain(owner.email);
    }
  });
});

describe('the support agents’ routes', () => {
  it('answer 404 to every user who is not an agent, and serve an agent', async () => {
    const listed = allRoutes.filter((route) => route.url.startsWith('/api/support/queue')).map(key);
    expect(listed.sort()).toEqual(Object.keys(agentOnly).sort());
    const agent = await signUpUser(testApp.app);
    await testApp.db.database.db.insert(supportAgents).values({ userId: agent.id });
    const { requestId } = await ownedSupportRequest(testApp, owner);
    for (const route of allRoutes.filter((candidate) => key(candidate) in agentOnly)) {
      const { params } = await (agentOnly[key(route)] as Fixture)({ testApp, owner });
      const asMember = await call(route, params, other.cookie);
      expect(asMember.status, `${key(route)} as a user`).toBe(404);
      const asAgent = await call(route, params, agent.cookie);
      expect(asAgent.status, `${key(route)} as an agent: ${asAgent.body}`).toBeLessThan(300);
    }
    // An agent reads and answers any request; the user who is not one still gets 404.
    const readRequest: ApiRoute = {
      method: 'GET',
      url: '/api/support/requests/:id',
      access: 'user',
    };
    const read = await call(readRequest, { id: requestId }, agent.cookie);
    expect(read.status).toBe(200);
    expect(read.body).toContain(owner.email);
    const asOther = await call(readRequest, { id: requestId }, other.cookie);
    expect(asOther.status).toBe(404);
  });
});

describe('API keys and session cookies', () => {
  let secret: string;

  beforeAll(async () => {
    const { db } = testApp.db.database;
    await setTier(db, owner.id, 'enterprise');
    secret = (
      await testApp.app.apiKeys.create(owner.id, { name: 'Access check', password: owner.password })
    ).secret;
  });

  const apiRoutes = () => routes.filter((route) => route.access === 'apikey');
  /** Parameters the owner's key may call a route with: shared data, or a thing of the owner's. */
  async function sampleParams(route: ApiRoute): Promise<Record<string, string>> {
    const shared = sharedParams[key(route)];
    if (shared) return shared.params;
    const fixture = ownedResources[key(route)];
    return fixture ? (await fixture({ testApp, owner })).params : anyParams(route);
  }
  const withKey = (route: ApiRoute, params: Record<string, string>, apiKey: string) =>
    sendRaw(baseUrl, {
      method: route.method,
      path: fillPath(route.url, params),
      headers: { authorization: `Bearer ${apiKey}` },
    });

  it('every /api/v1 route takes an API key and nothing else (or is public)', () => {
    expect(apiRoutes().length).toBeGreaterThan(0);
    for (const route of routes) {
      if (route.url.startsWith('/api/v1/')) expect(['apikey', 'public']).toContain(route.access);
      else expect(route.access, key(route)).not.toBe('apikey');
    }
  });

  it('refuses a session cookie on every /api/v1 route, and answers the same route to a key', async () => {
    for (const route of apiRoutes()) {
      const params = await sampleParams(route);
      const withCookie = await call(route, params, owner.cookie);
      expect(withCookie.status, `${key(route)} with a cookie`).toBe(401);
      expect(withCookie.body).toContain('does not accept a signed-in session');
      const answer = await withKey(route, params, secret);
      expect(answer.status, `${key(route)} with a key: ${answer.body}`).toBeLessThan(300);
    }
  });

  it("answers 404 to another user's key for everything of the owner's", async () => {
    const withIds = apiRoutes().filter(hasParams);
    const uncovered = withIds
      .map(key)
      .filter((name) => !(name in ownedResources) && !(name in sharedParams));
    // A new /api/v1 route that takes an id needs a fixture above, so this test covers it.
    expect(uncovered).toEqual([]);
    const { db } = testApp.db.database;
    await setTier(db, other.id, 'enterprise');
    const otherSecret = (
      await testApp.app.apiKeys.create(other.id, { name: 'Not yours', password: other.password })
    ).secret;
    const owned = withIds.filter((route) => key(route) in ownedResources);
    expect(owned.length).toBeGreaterThan(0);
    for (const route of owned) {
      const params = await sampleParams(route);
      const attempt = await withKey(route, params, otherSecret);
      expect(attempt.status, `${key(route)} with another user's key`).toBe(404);
      expect(JSON.parse(attempt.body).error.code).toMatch(/not_found$/);
      for (const marker of [...ownerMarkers, ...Object.values(params)]) {
        expect(attempt.body).not.toContain(marker);
      }
      const own = await withKey(route, params, secret);
      expect(own.status, `${key(route)} with the owner's key`).toBe(200);
    }
  });

  it('refuses an API key on every route that takes a session', async () => {
    const sessionRoutes = routes.filter(
      (route) => route.access === 'user' || route.access === 'operator',
    );
    const answers: string[] = [];
    for (const route of sessionRoutes) {
      const response = await sendRaw(baseUrl, {
        method: route.method,
        path: fillPath(route.url, anyParams(route)),
        headers: {
          origin: testOrigin,
          authorization: `Bearer ${secret}`,
          ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        body: route.method === 'GET' ? undefined : '{}',
      });
      if (response.status !== 401) answers.push(`${key(route)} -> ${response.status}`);
    }
    expect(answers).toEqual([]);
  });
});
