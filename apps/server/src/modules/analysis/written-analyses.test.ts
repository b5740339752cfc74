import type { WrittenAnalysis } from '@tickerwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleFacts } from '../../../test/analysis-facts.ts';
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-app.ts';
import { analyses } from '../../db/schema/index.ts';
import { AnalysisStore } from './analysis-store.ts';
import { parseSections } from './analysis-text.ts';
import { BuiltInWriter } from './built-in/built-in-writer.ts';
import { openAiCompatibleModel } from './language-model.ts';
import { CheckedModelWriter } from './model-writer.ts';
import type { AnalysisWriter, WriterEvent } from './writer.ts';
import { WrittenAnalyses } from './written-analyses.ts';

let database: TestDatabase;
let llm: FakeLlm;
let store: AnalysisStore;
let time = new Date('2025-01-02T15:00:00Z');
const clock = () => time;
const log = { warn: () => {} };

function modelWriter(): AnalysisWriter {
  return new CheckedModelWriter({
    model: openAiCompatibleModel({ baseUrl: llm.url, apiKey: llm.apiKey, model: llm.model }),
    fallback: new BuiltInWriter(clock),
    log,
    timeoutMs: 5_000,
    now: clock,
  });
}

/** One server instance's view: its own in-process writings, the shared database. */
const instance = (writer: AnalysisWriter = modelWriter()) =>
  new WrittenAnalyses({
    store,
    writer,
    writerKey: `model:${llm.model}`,
    clock,
    log,
    claimStaleMs: 60_000,
    pollMs: 20,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  store = new AnalysisStore(database.database.db);
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
  await database.destroy();
});
beforeEach(async () => {
  await database.database.db.delete(analyses);
  llm.requests.length = 0;
  llm.replyFromFacts();
  llm.behave({ kind: 'answer' });
  llm.setChunkDelay(0);
  time = new Date('2025-01-02T15:00:00Z');
});

describe('written once, read by many', () => {
  it('1,000 opens at once cost one model call, and all read the same analysis', async () => {
    llm.setChunkDelay(2);
    const facts = sampleFacts();
    const analyst = instance();
    const results = await Promise.all(
      Array.from({ length: 1_000 }, () => analyst.open(facts).result),
    );
    expect(llm.requests).toHaveLength(1);
    expect(new Set(results.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(results[0]?.writer).toBe('model');
    const rows = await database.database.db.select().from(analyses);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'ready', writer: 'model:fake-analyst-1' });
  });

  it('two instances opening at once share one model call through the database', async () => {
    llm.setChunkDelay(5);
    const facts = sampleFacts({ seed: 5 });
    const [first, second] = [instance(), instance()];
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => first.open(facts).result),
      ...Array.from({ length: 50 }, () => second.open(facts).result),
    ]);
    expect(llm.requests).toHaveLength(1);
    expect(new Set(results.map((result) => result.writtenAt)).size).toBe(1);
  });

  it('later readers get the stored analysis without a model call', async () => {
    const facts = sampleFacts({ seed: 6 });
    const written = await instance().open(facts).result;
    const read = await instance().open(facts).result;
    expect(read).toEqual(written);
    expect(await instance().stored(facts)).toEqual(written);
    expect(llm.requests).toHaveLength(1);
  });

  it('every reader follows the text as it is written, from the start', async () => {
    llm.setChunkDelay(3);
    const facts = sampleFacts({ seed: 7 });
    const analyst = instance();
    const early: WriterEvent[] = [];
    const late: WriterEvent[] = [];
    analyst.open(facts).follow((event) => early.push(event));
    // The fake model's socket streams a few chunks before the second reader comes.
    await new Promise((resolve) => setTimeout(resolve, 60));
    analyst.open(facts).follow((event) => late.push(event));
    const analysis = await analyst.open(facts).result;
    const text = (events: WriterEvent[]) =>
      events.map((event) => (event.type === 'text' ? event.text : '')).join('');
    expect(parseSections(text(early))).toEqual(analysis.sections);
    expect(text(late)).toEqual(text(early));
    // A reader after the writing ends reads the stored text in one piece.
    const after: WriterEvent[] = [];
    const reread = analyst.open(facts);
    reread.follow((event) => after.push(event));
    await reread.result;
    expect(parseSections(text(after))).toEqual(analysis.sections);
  });

  it('takes over a claim whose instance died, and gives up a claim whose writing failed', async () => {
    const facts = sampleFacts({ seed: 8 });
    const analyst = instance();
    const key = analyst.keyOf(facts);
    await store.claim(key, new Date(time.getTime() - 120_000), new Date(0));
    expect((await analyst.open(facts).result).writer).toBe('model');

    const broken: AnalysisWriter = {
      write: async () => {
        throw new Error('disk full');
      },
    };
    const other = sampleFacts({ seed: 9 });
    await expect(instance(broken).open(other).result).rejects.toThrow('disk full');
    expect(await store.find(instance().keyOf(other))).toBeNull();
    expect((await instance().open(other).result).writer).toBe('model');
  });

  it('writes again a stand-in from a model outage once 15 minutes have passed', async () => {
    const facts = sampleFacts({ seed: 10 });
    llm.behave({ kind: 'fail', status: 503 });
    const standIn: WrittenAnalysis = await instance().open(facts).result;
    expect(standIn).toMatchObject({ writer: 'built_in', fallback: 'model_error' });
    llm.behave({ kind: 'answer' });
    time = new Date(time.getTime() + 10 * 60_000);
    expect(await instance().open(facts).result).toEqual(standIn);
    time = new Date(time.getTime() + 6 * 60_000);
    const rewritten = await instance().open(facts).result;
    expect(rewritten).toMatchObject({ writer: 'model', fallback: null });
    expect(await instance().open(facts).result).toEqual(rewritten);
    expect(llm.requests).toHaveLength(2);
  });

  it('keeps serving a stand-in from an invented figure for the day', async () => {
    const facts = sampleFacts({ seed: 11 });
    llm.reply('## Summary\n\nThe shares will double to $999.99 soon.');
    expect(await instance().open(facts).result).toMatchObject({ fallback: 'ungrounded_figure' });
    time = new Date(time.getTime() + 60 * 60_000);
    expect(await instance().open(facts).result).toMatchObject({ fallback: 'ungrounded_figure' });
    expect(llm.requests).toHaveLength(1);
  });
});
