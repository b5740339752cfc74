import {
  analysisResponseSchema,
  askResponseSchema,
  writtenAnalysisResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analystRequests, setCreditsUsed } from '../../../test/analyst-requests.ts';
import { analysisFromFacts, type FakeLlm, factsOf, startFakeLlm } from '../../../test/fake-llm.ts';
import { createTestApp, type SignedUpUser, type TestApp } from '../../../test/test-app.ts';
import { defaultModelConcurrency } from '../../config.ts';

/** The AI analyst over HTTP with a language model: a fake OpenAI-compatible server. */

let llm: FakeLlm;
let testApp: TestApp;
let baseUrl: string;
const { overview, open, ask, userOn } = analystRequests(
  () => testApp,
  () => baseUrl,
);
const usedToday = async (user: SignedUpUser) =>
  (await testApp.app.entitlements.usageOf(user, 'aiCalls')).used;

/** The app's analyst on the fake model, which it gives up on after `timeoutMs`. */
const analystOn = (timeoutMs: number) => ({
  model: { baseUrl: llm.url, apiKey: llm.apiKey, model: llm.model },
  timeoutMs,
  ...defaultModelConcurrency,
});

beforeAll(async () => {
  llm = await startFakeLlm();
  // Long enough for a thousand streams on a busy machine (the time-out test has its own app).
  testApp = await createTestApp({ config: { analyst: analystOn(8_000) } });
  // A thousand readers connect at once: more than the default queue of pending connections.
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0, backlog: 2048 });
});
afterAll(async () => {
  await testApp.close();
  await llm.close();
});
beforeEach(() => {
  llm.replyFromFacts();
  llm.behave({ kind: 'answer' });
  llm.setChunkDelay(0);
  llm.requests.length = 0;
});

describe('the written analysis by a language model', () => {
  it('is announced with the model’s name, and ask is offered', async () => {
    const user = await userOn('alpha');
    const body = analysisResponseSchema.parse((await overview('AAPL', user)).json);
    expect(body.written).toEqual({
      status: 'available',
      cost: 1,
      writer: 'model',
      model: 'fake-analyst-1',
    });
    expect(body.ask).toEqual({
      available: true,
      reason: null,
      message: null,
      writer: 'model',
      model: 'fake-analyst-1',
    });
  });

  it('streams as the model writes, each sentence once its numbers are checked', async () => {
    const user = await userOn('alpha');
    const response = await open('MSFT', user, true);
    const events = response.events ?? [];
    expect(events.filter((event) => event.event === 'text').length).toBeGreaterThan(5);
    expect(events.some((event) => event.event === 'reset')).toBe(false);
    const done = writtenAnalysisResponseSchema.parse(events.at(-1)?.data);
    expect(done.analysis).toMatchObject({
      writer: 'model',
      model: 'fake-analyst-1',
      fallback: null,
    });
    expect(done.analysis.sections.map((section) => section.title)).toEqual([
      'Summary',
      'Trend and momentum',
      'Valuation and quality',
      'Risks',
      'What to watch',
    ]);
    expect(llm.requests).toHaveLength(1);
  });

  it('falls back to the built-in analysis when the model invents a figure', async () => {
    llm.reply((request) =>
      analysisFromFacts(factsOf(request)).replace(
        '## Risks\n\n',
        '## Risks\n\nShort interest stands at 23.7% of the float. ',
      ),
    );
    const user = await userOn('alpha');
    const events = (await open('AMZN', user, true)).events ?? [];
    const reset = events.find((event) => event.event === 'reset');
    expect(reset?.data).toEqual({
      reason: 'ungrounded_figure',
      message:
        'This text was withdrawn because the language model stated a figure that is not in the data.',
    });
    expect(JSON.stringify(events)).not.toContain('23.7%');
    const done = writtenAnalysisResponseSchema.parse(events.at(-1)?.data);
    expect(done.analysis).toMatchObject({ writer: 'built_in', fallback: 'ungrounded_figure' });
    // The built-in text is served: no credit, though the start of the stream took one.
    expect(events[0]).toMatchObject({ event: 'start', data: { charged: true } });
    expect(done).toMatchObject({ charged: false, credits: { used: 0 } });
    expect(await usedToday(user)).toBe(0);
    // Stored: the next reader gets the built-in analysis without another model call, free.
    const other = await userOn('alpha');
    const read = writtenAnalysisResponseSchema.parse((await open('AMZN', other)).json);
    expect(read.analysis).toEqual(done.analysis);
    expect(read).toMatchObject({ charged: false, credits: { used: 0 } });
    expect(llm.requests).toHaveLength(1);
  });

  it('1,000 opens of one stock at once cost one model call, and each user one credit', async () => {
    llm.setChunkDelay(2);
    const users = await Promise.all(Array.from({ length: 20 }, () => userOn('alpha')));
    await overview('TSLA', users[0]);
    const responses = await Promise.all(
      Array.from({ length: 1_000 }, (_, index) => open('TSLA', users[index % 20], true)),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(llm.requests).toHaveLength(1);
    const [first, ...others] = responses.map((response) => response.events?.at(-1)?.data.analysis);
    for (const other of others) expect(other).toEqual(first);
    // The model's text is served (a time-out would serve the built-in text, for no credit).
    expect(first).toMatchObject({ writer: 'model', fallback: null });
    for (const user of users) expect(await usedToday(user)).toBe(1);
    // A thousand streamed answers over real sockets take seconds on a busy two-core machine.
  }, 90_000);
});

describe('asking about a stock', () => {
  it('streams the model’s checked answer for one credit', async () => {
    const user = await userOn('alpha');
    const response = await ask('AAPL', 'What is the latest close?', user, true);
    const events = response.events ?? [];
    expect(events[0]).toMatchObject({ event: 'start', data: { charged: true } });
    const done = askResponseSchema.parse(events.at(-1)?.data);
    expect(done.answer).toMatchObject({ outcome: 'answered', model: 'fake-analyst-1' });
    expect(done.answer.answer).toMatch(/^Apple Inc\. closed at \$/);
    expect(done.credits.used).toBe(1);
    expect(await usedToday(user)).toBe(1);
  });

  it('declines an advice question politely, without the model and without a credit', async () => {
    const user = await userOn('alpha');
    const response = await ask('AAPL', 'Should I buy Apple now?', user);
    const body = askResponseSchema.parse(response.json);
    expect(body).toMatchObject({ charged: false, answer: { outcome: 'refused', model: null } });
    expect(body.answer.answer).toMatch(/^I can't say whether to buy, sell or hold AAPL/);
    expect(llm.requests).toHaveLength(0);
    expect(await usedToday(user)).toBe(0);
  });

  it('declines an answer that gives advice and a disguised advice question, without a credit', async () => {
    const user = await userOn('alpha');
    llm.reply('You should buy this stock now... go all in.');
    const advised = askResponseSchema.parse((await ask('AAPL', 'What is the trend?', user)).json);
    expect(advised).toMatchObject({
      charged: false,
      answer: { outcome: 'refused', model: 'fake-analyst-1' },
    });
    expect(advised.answer.answer).toMatch(/^I can't say whether to buy, sell or hold AAPL/);
    expect(advised.credits.used).toBe(0);
    llm.requests.length = 0;
    const disguised = askResponseSchema.parse(
      (await ask('AAPL', 'Ѕhould I b\u200buy AAPL?', user)).json,
    );
    expect(disguised).toMatchObject({
      charged: false,
      answer: { outcome: 'refused', model: null },
    });
    expect(llm.requests).toHaveLength(0);
    expect(await usedToday(user)).toBe(0);
  });

  it('withholds an answer with an invented figure, and gives the credit back then and when the model fails', async () => {
    const user = await userOn('alpha');
    llm.reply('Revenue will grow 31% next year.');
    const unverified = askResponseSchema.parse(
      (await ask('AAPL', 'What about revenue?', user)).json,
    );
    expect(unverified).toMatchObject({
      charged: false,
      answer: { outcome: 'unverified', writer: 'built_in' },
    });
    expect(await usedToday(user)).toBe(0);
    llm.behave({ kind: 'fail', status: 500 });
    const failed = askResponseSchema.parse((await ask('AAPL', 'What is the trend?', user)).json);
    expect(failed).toMatchObject({ charged: false, answer: { outcome: 'unavailable' } });
    expect(await usedToday(user)).toBe(0);
    llm.behave({ kind: 'answer' });
    llm.replyFromFacts();
    const answered = askResponseSchema.parse((await ask('AAPL', 'What is the trend?', user)).json);
    expect(answered).toMatchObject({
      charged: true,
      answer: { outcome: 'answered', writer: 'model' },
    });
    expect(await usedToday(user)).toBe(1);
  });
});

describe('AI credits with a language model', () => {
  it('keeps no credit when the model fails or times out and the built-in text stands in', async () => {
    // An app of its own that gives the model 2 s, so the hung call is not waited out for the
    // 8 s the thousand streams above need.
    const quick = await createTestApp({ config: { analyst: analystOn(2_000) } });
    try {
      const quickUrl = await quick.app.listen({ host: '127.0.0.1', port: 0 });
      const on = analystRequests(
        () => quick,
        () => quickUrl,
      );
      const usedOn = async (user: SignedUpUser) =>
        (await quick.app.entitlements.usageOf(user, 'aiCalls')).used;
      const user = await on.userOn('pro');
      llm.behave({ kind: 'fail', status: 500 });
      const failed = writtenAnalysisResponseSchema.parse((await on.open('JPM', user)).json);
      expect(failed.analysis).toMatchObject({ writer: 'built_in', fallback: 'model_error' });
      expect(failed).toMatchObject({ charged: false, credits: { used: 0 } });
      llm.behave({ kind: 'hang' });
      const events = (await on.open('V', user, true)).events ?? [];
      const timedOut = writtenAnalysisResponseSchema.parse(events.at(-1)?.data);
      expect(timedOut.analysis).toMatchObject({ writer: 'built_in', fallback: 'timeout' });
      expect(timedOut).toMatchObject({ charged: false, credits: { used: 0 } });
      expect(await usedOn(user)).toBe(0);
      // The model answers again: the next open of a stock is charged, once.
      llm.behave({ kind: 'answer' });
      const written = writtenAnalysisResponseSchema.parse((await on.open('KO', user)).json);
      expect(written).toMatchObject({ charged: true, analysis: { writer: 'model' } });
      expect(await usedOn(user)).toBe(1);
    } finally {
      await quick.close();
    }
  });

  it('gives the last credit to one of two opens arriving together; the other is told it is out', async () => {
    const user = await userOn('pro');
    await Promise.all(['NVDA', 'META'].map((symbol) => overview(symbol, user)));
    await setCreditsUsed(testApp, user, 49);
    const [first, second] = await Promise.all([open('NVDA', user), open('META', user)]);
    const statuses = [first?.status, second?.status].sort();
    expect(statuses).toEqual([200, 429]);
    const served = first?.status === 200 ? first : second;
    const refused = first?.status === 200 ? second : first;
    expect(served?.json).toMatchObject({ charged: true, credits: { used: 50, limit: 50 } });
    expect(refused?.json?.error?.code).toBe('quota_exceeded');
    expect(await usedToday(user)).toBe(50);
    const blocked = analysisResponseSchema.parse(
      (await overview(first?.status === 200 ? 'META' : 'NVDA', user)).json,
    );
    expect(blocked.written).toMatchObject({ status: 'quota_exceeded' });
  });

  it('gives the last credit to one of two questions arriving together', async () => {
    const user = await userOn('pro');
    await overview('AAPL', user);
    await setCreditsUsed(testApp, user, 49);
    const answers = await Promise.all([
      ask('AAPL', 'What is the latest close?', user),
      ask('AAPL', 'What is the trend?', user),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    const served = answers.find((answer) => answer.status === 200);
    expect(served?.json).toMatchObject({ charged: true, answer: { outcome: 'answered' } });
    expect(await usedToday(user)).toBe(50);
  });
});
