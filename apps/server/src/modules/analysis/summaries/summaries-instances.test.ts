import { filingSummarySchema, whyItMovedSchema } from '@tickerwise/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeEdgar } from '../../../../test/fake-edgar.ts';
import type { FakeLlm } from '../../../../test/fake-llm.ts';
import {
  appleEventHeadline,
  microsoftPricesHeadline,
  type SummaryFakes,
  startSummaryFakes,
  summaryMorning,
} from '../../../../test/summary-fakes.ts';
import {
  createTestApp,
  injectAs,
  type SecondInstance,
  type SignedUpUser,
  signUpUser,
  startSecondInstance,
  type TestApp,
} from '../../../../test/test-app.ts';
import { testClock } from '../../../../test/test-clock.ts';
import { researchSummaries } from '../../../db/schema/index.ts';
import { SummaryStore } from './summary-store.ts';

/**
 * Summaries on a fleet (ADR 81): instances on one database, as behind a load balancer, share
 * each summary through `research_summaries`: one model call and one credit for requests that
 * arrive at once on different instances, the summary kept across a restart, a claim left by
 * an instance that died taken over once it expires, a reader told to try again (never an
 * error) while another instance writes for longer than it waits.
 */

const clock = testClock();
// The morning's day, in New York as in UTC.
const day = summaryMorning.toISOString().slice(0, 10);

let fakes: SummaryFakes;
let edgar: FakeEdgar;
let llm: FakeLlm;
let first: TestApp;
let second: SecondInstance;

type Answer = { status: number; body: Record<string, unknown> };

async function post(
  app: TestApp['app'],
  user: SignedUpUser,
  path: string,
  method: 'GET' | 'POST' = 'POST',
): Promise<Answer> {
  const response = await injectAs(app, user, method, path, method === 'POST' ? {} : undefined);
  return { status: response.statusCode, body: response.json() };
}
const whyItMoved = (app: TestApp['app'], user: SignedUpUser, method: 'GET' | 'POST' = 'POST') =>
  post(app, user, '/api/stocks/AAPL/why-it-moved', method);
const creditsUsed = async (user: SignedUpUser) =>
  (await first.app.entitlements.usageOf(user, 'aiCalls')).used;
const alphaUser = () => signUpUser(first.app, { plan: 'alpha' });

beforeAll(async () => {
  clock.set(summaryMorning);
  fakes = await startSummaryFakes(clock);
  ({ edgar, llm } = fakes);
  first = await createTestApp({ clock, config: fakes.config });
  second = await startSecondInstance(first, fakes.config, { clock });
  fakes.finnhub.setNews('AAPL', [appleEventHeadline]);
  fakes.finnhub.setNews('MSFT', [microsoftPricesHeadline]);
});
afterAll(async () => {
  await second.close();
  await first.close();
  await fakes.stop();
  clock.reset();
});
beforeEach(() => {
  fakes.beginTest((request) =>
    request.messages.at(-1)?.content.includes('Microsoft')
      ? 'Microsoft said its Azure prices rise in May [1].'
      : 'Apple introduced a lower-priced iPhone at its spring event [1].',
  );
});

describe('summaries shared by the instances of a fleet', () => {
  it('has the model write once for requests that arrive at once on two instances: one call, one credit', async () => {
    const [one, two] = [await alphaUser(), await alphaUser()];
    llm.behave({ kind: 'hold' });
    const answers = Promise.all([
      whyItMoved(first.app, one),
      whyItMoved(second.app, one),
      whyItMoved(second.app, two),
      whyItMoved(first.app, two),
    ]);
    await expect.poll(() => llm.held, { timeout: 5_000 }).toBe(1);
    llm.release();
    const bodies = (await answers).map((answer) => {
      expect(answer.status).toBe(200);
      return whyItMovedSchema.parse(answer.body);
    });
    expect(bodies.map((body) => body.status)).toEqual(['ready', 'ready', 'ready', 'ready']);
    expect(bodies.filter((body) => body.charged)).toHaveLength(1);
    expect(new Set(bodies.map((body) => JSON.stringify(body.summary))).size).toBe(1);
    expect((await creditsUsed(one)) + (await creditsUsed(two))).toBe(1);
    expect(llm.requests).toHaveLength(1);
  });

  it('keeps the summary across a restart: a new instance serves it free, with no model call', async () => {
    const written = whyItMovedSchema.parse((await whyItMoved(first.app, await alphaUser())).body);
    expect(written.status).toBe('ready');
    await second.close();
    second = await startSecondInstance(first, fakes.config, { clock });
    const reader = await alphaUser();
    const read = whyItMovedSchema.parse((await whyItMoved(second.app, reader, 'GET')).body);
    expect(read).toMatchObject({ status: 'ready', charged: false, summary: written.summary });
    const again = whyItMovedSchema.parse((await whyItMoved(second.app, reader)).body);
    expect(again).toMatchObject({ status: 'ready', charged: false });
    expect(await creditsUsed(reader)).toBe(0);
    expect(llm.requests).toHaveLength(0);
  });

  it('tells a reader to try again while another instance writes, then takes over its claim once it expires', async () => {
    const { db } = first.db.database;
    const key = { kind: 'why_it_moved' as const, symbol: 'MSFT', subject: day };
    // An instance claimed the writing and died: its claim runs for another ten minutes.
    await db.insert(researchSummaries).values({
      ...key,
      status: 'writing',
      claimId: 'claim-of-a-dead-instance',
      createdAt: clock(),
      expiresAt: new Date(clock().getTime() + 10 * 60_000),
    });
    const user = await alphaUser();
    const asked = post(second.app, user, '/api/stocks/MSFT/why-it-moved');
    let settled: Answer | undefined;
    asked.then((answer) => {
      settled = answer;
    });
    // Time passes while it waits (the model's time and 15 seconds at most), never so much
    // that the dead instance's claim runs out meanwhile.
    let passed = 0;
    await expect
      .poll(
        () => {
          if (passed < 120_000) {
            clock.set(new Date(clock().getTime() + 5_000));
            passed += 5_000;
          }
          return settled !== undefined;
        },
        { timeout: 25_000, interval: 100 },
      )
      .toBe(true);
    const waited = await asked;
    expect(waited.status).toBe(200);
    expect(whyItMovedSchema.parse(waited.body)).toMatchObject({
      status: 'unavailable',
      charged: false,
      summary: null,
    });
    expect(String(waited.body.message)).toMatch(
      /still being written for another reader.*try again in a minute/,
    );
    expect(llm.requests).toHaveLength(0);
    expect(await creditsUsed(user)).toBe(0);

    clock.set(new Date(clock().getTime() + 10 * 60_000));
    const written = whyItMovedSchema.parse(
      (await post(first.app, user, '/api/stocks/MSFT/why-it-moved')).body,
    );
    expect(written).toMatchObject({ status: 'ready', charged: true });
    expect(llm.requests).toHaveLength(1);
    expect(await creditsUsed(user)).toBe(1);
    const [row] = await db
      .select({ status: researchSummaries.status, model: researchSummaries.model })
      .from(researchSummaries)
      .where(
        and(
          eq(researchSummaries.kind, key.kind),
          eq(researchSummaries.symbol, key.symbol),
          eq(researchSummaries.subject, key.subject),
        ),
      );
    expect(row).toEqual({ status: 'ready', model: llm.model });
  }, 40_000);

  it('reads a filing once for the fleet and prunes what is no longer served', async () => {
    llm.reply('Total net sales increased 6% to $416.2 billion, driven by iPhone and Services [1].');
    const [one, two] = [await alphaUser(), await alphaUser()];
    const path = '/api/stocks/AAPL/filings/0000320193-25-000079/summary';
    const written = filingSummarySchema.parse((await post(first.app, one, path)).body);
    expect(written).toMatchObject({ status: 'ready', charged: true });
    const read = filingSummarySchema.parse((await post(second.app, two, path)).body);
    expect(read).toMatchObject({ status: 'ready', charged: false, summary: written.summary });
    // Only the instance that wrote it read the filing from EDGAR's archive.
    expect(edgar.documentCalls).toBe(1);
    expect(llm.requests).toHaveLength(1);

    const { db } = first.db.database;
    const store = new SummaryStore(db);
    const rows = async () => (await db.select().from(researchSummaries)).length;
    const before = await rows();
    // A day on, the day's summaries are no longer served; the filing's (30 days) is.
    const pruned = await store.forgetExpired(new Date(clock().getTime() + 25 * 3_600_000));
    expect(pruned).toBeGreaterThan(0);
    expect(await rows()).toBe(before - pruned);
    const left = await db.select({ kind: researchSummaries.kind }).from(researchSummaries);
    expect(left.map((row) => row.kind)).toEqual(['filing']);
  });
});
