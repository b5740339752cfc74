import {
  askResponseSchema,
  entitlementsFor,
  writtenAnalysisResponseSchema,
} from '@tickerwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analystRequests } from '../../../test/analyst-requests.ts';
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { setTier } from '../profiles/service.ts';
import { analysisLength, answerLength } from './prompts.ts';

/**
 * What a user can make the language model do (docs/PRODUCT.md §7.4): every call counted
 * against the day's model calls, failures included; two of a user's calls at once and a
 * server-wide number; answers of a bounded length, read no further than that.
 */

let llm: FakeLlm;
let testApp: TestApp;
let baseUrl: string;
const { open, ask } = analystRequests(
  () => testApp,
  () => baseUrl,
);
/** The server's limit of calls at once in this file (the default is 16). */
const concurrentCalls = 3;

const usage = async (user: SignedUpUser, quota: 'aiCalls' | 'modelCalls') =>
  (await testApp.app.entitlements.usageOf(user, quota)).used;

async function proUser(): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, user.id, 'pro');
  return user;
}

async function until(check: () => boolean, what: string) {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 20_000) throw new Error(`waited 20 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sentences with no figures in them, `length` characters at least: they pass the number check. */
function longText(length: number): string {
  const sentence = 'The trend held through the period while trading stayed calm. ';
  return sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length);
}

beforeAll(async () => {
  llm = await startFakeLlm();
  testApp = await createTestApp({
    config: {
      analyst: {
        model: { baseUrl: llm.url, apiKey: llm.apiKey, model: llm.model },
        timeoutMs: 10_000,
        concurrentCalls,
        concurrentCallsPerUser: 2,
      },
    },
  });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await testApp.close();
  await llm.close();
});
beforeEach(() => {
  llm.release();
  llm.replyFromFacts();
  llm.behave({ kind: 'answer' });
  llm.setChunkDelay(0);
  llm.requests.length = 0;
});

describe('model calls a day', () => {
  it('counts every call, failed ones too: a Pro user whose calls fail stops at 100', async () => {
    const user = await proUser();
    const allowed = entitlementsFor('pro').modelCallsPerDay;
    expect(allowed).toBe(100);
    llm.behave({ kind: 'fail', status: 500 });
    for (let call = 0; call < allowed; call += 1) {
      const failed = askResponseSchema.parse((await ask('AAPL', 'How is the trend?', user)).json);
      expect(failed).toMatchObject({ charged: false, answer: { outcome: 'unavailable' } });
    }
    // Every credit came back; the calls did not.
    expect(await usage(user, 'aiCalls')).toBe(0);
    expect(await usage(user, 'modelCalls')).toBe(allowed);
    llm.behave({ kind: 'answer' });
    const refused = await ask('AAPL', 'How is the trend?', user);
    expect(refused.status).toBe(429);
    expect(refused.json?.error).toMatchObject({
      code: 'model_calls_exceeded',
      message: expect.stringContaining('all 100 language-model calls your Pro plan includes today'),
      resetsAt: expect.any(String),
    });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The written analysis is a model call too, and the refusal costs no credit.
    const written = await open('MSFT', user);
    expect(written.status).toBe(429);
    expect(written.json?.error?.code).toBe('model_calls_exceeded');
    expect(await usage(user, 'aiCalls')).toBe(0);
    expect(llm.requests).toHaveLength(allowed);
  }, 120_000);
});

describe('model calls at once', () => {
  it('runs two of a user’s calls at once and the server’s number in all; the rest get 429 without a charge', async () => {
    const first = await proUser();
    const second = await proUser();
    llm.behave({ kind: 'hold' });
    const running = [
      ask('AAPL', 'How is the trend?', first),
      ask('MSFT', 'How volatile is it?', first, true),
    ];
    await until(() => llm.held === 2, 'two calls of the first user');

    const third = await ask('KO', 'What are the checks?', first);
    expect(third.status).toBe(429);
    expect(third.json?.error).toMatchObject({
      code: 'too_many_model_calls',
      message: expect.stringContaining('2 answers of the language model being written at once'),
    });
    const writtenToo = await open('JPM', first);
    expect(writtenToo.status).toBe(429);
    expect(writtenToo.json?.error?.code).toBe('too_many_model_calls');
    expect(await usage(first, 'aiCalls')).toBe(2);

    running.push(ask('AAPL', 'How is the trend?', second));
    await until(() => llm.held === concurrentCalls, 'the server’s limit');
    const busy = await open('PEP', second, true);
    expect(busy.status).toBe(429);
    expect(busy.json?.error).toMatchObject({
      code: 'model_busy',
      message: expect.stringContaining(`writing ${concurrentCalls} answers at once`),
    });
    expect(await usage(second, 'aiCalls')).toBe(1);

    llm.behave({ kind: 'answer' });
    llm.release();
    const answers = await Promise.all(running);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Places are free again once the calls ended.
    const after = askResponseSchema.parse((await ask('KO', 'What are the checks?', first)).json);
    expect(after).toMatchObject({ charged: true, answer: { outcome: 'answered' } });
    const written = writtenAnalysisResponseSchema.parse((await open('PEP', second)).json);
    expect(written.analysis).toMatchObject({ writer: 'model', fallback: null });
  }, 60_000);
});

describe('the length of what the model writes', () => {
  it('asks for a bounded number of tokens and ends a long answer at its last sentence within the cap', async () => {
    const user = await proUser();
    llm.reply(longText(66_759));
    llm.setChunkDelay(1);
    const body = askResponseSchema.parse((await ask('AAPL', 'Tell me everything.', user)).json);
    expect(llm.requests[0]?.max_tokens).toBe(answerLength.maxTokens);
    expect(body).toMatchObject({ charged: true, answer: { outcome: 'answered' } });
    expect(body.answer.answer.length).toBeLessThanOrEqual(answerLength.maxChars);
    expect(body.answer.answer.length).toBeGreaterThan(answerLength.maxChars / 2);
    expect(body.answer.answer).toMatch(/calm\.$/);
    // Reading stopped: the model's stream was closed long before its end.
    await until(() => llm.closedEarly >= 1, 'the stream to be closed');
  });

  it('serves the built-in analysis in place of an analysis past its length, saying why', async () => {
    const user = await proUser();
    llm.reply(`## Summary\n\n${longText(40_000)}`);
    const events = (await open('KO', user, true)).events ?? [];
    expect(llm.requests[0]?.max_tokens).toBe(analysisLength.maxTokens);
    const reset = events.findIndex((event) => event.event === 'reset');
    const shownBeforeReset = events
      .slice(0, reset)
      .filter((event) => event.event === 'text')
      .reduce((length, event) => length + String(event.data.text).length, 0);
    expect(shownBeforeReset).toBeGreaterThan(0);
    expect(shownBeforeReset).toBeLessThanOrEqual(analysisLength.maxChars);
    expect(events.find((event) => event.event === 'reset')?.data.reason).toBe('too_long');
    const done = writtenAnalysisResponseSchema.parse(events.at(-1)?.data);
    expect(done.analysis).toMatchObject({ writer: 'built_in', fallback: 'too_long' });
  });
});
