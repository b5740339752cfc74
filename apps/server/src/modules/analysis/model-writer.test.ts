import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleFacts } from '../../../test/analysis-facts.ts';
import { analysisFromFacts, type FakeLlm, factsOf, startFakeLlm } from '../../../test/fake-llm.ts';
import { parseSections } from './analysis-text.ts';
import { BuiltInWriter, composeSections } from './built-in/built-in-writer.ts';
import { openAiCompatibleModel } from './language-model.ts';
import { CheckedModelWriter } from './model-writer.ts';
import type { WriterEvent } from './writer.ts';

let llm: FakeLlm;
const clock = () => new Date('2025-01-02T15:00:00Z');
const warnings: Array<{ details: Record<string, unknown>; message: string }> = [];
const log = {
  warn: (details: object, message: string) => {
    warnings.push({ details: details as Record<string, unknown>, message });
  },
};

function writer(options: { apiKey?: string; timeoutMs?: number } = {}) {
  return new CheckedModelWriter({
    model: openAiCompatibleModel({
      baseUrl: llm.url,
      apiKey: options.apiKey ?? llm.apiKey,
      model: llm.model,
    }),
    fallback: new BuiltInWriter(clock),
    log,
    timeoutMs: options.timeoutMs ?? 5_000,
    now: clock,
  });
}

async function write(options: { apiKey?: string; timeoutMs?: number } = {}) {
  const events: WriterEvent[] = [];
  const facts = sampleFacts();
  const analysis = await writer(options).write(facts, { emit: (event) => events.push(event) });
  return { facts, analysis, events };
}

const streamedText = (events: WriterEvent[]) => {
  const lastReset = events.findLastIndex((event) => event.type === 'reset');
  return events
    .slice(lastReset + 1)
    .map((event) => (event.type === 'text' ? event.text : ''))
    .join('');
};

beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
});
beforeEach(() => {
  llm.replyFromFacts();
  llm.behave({ kind: 'answer' });
  llm.requests.length = 0;
  warnings.length = 0;
});

describe('the model writer', () => {
  it('streams a grounded answer from an OpenAI-compatible server and serves it', async () => {
    const { facts, analysis, events } = await write();
    expect(analysis).toMatchObject({ writer: 'model', model: 'fake-analyst-1', fallback: null });
    expect(analysis.dataDate).toBe(facts.dataDate);
    expect(analysis.disclaimer).toBe('Not investment advice.');
    expect(analysis.sections.map((section) => section.key)).toEqual([
      'summary',
      'trend',
      'valuation',
      'risks',
      'watch',
    ]);
    expect(analysis.sections[0]?.text).toContain(`as of ${facts.dataDate}`);
    // Streamed sentence by sentence, never withdrawn, adding up to what was served.
    expect(events.filter((event) => event.type === 'text').length).toBeGreaterThan(5);
    expect(events.some((event) => event.type === 'reset')).toBe(false);
    expect(parseSections(streamedText(events))).toEqual(analysis.sections);
    expect(warnings).toEqual([]);
  });

  it('sends the facts as JSON with the rule to use no other numbers, streaming', async () => {
    const { facts } = await write();
    expect(llm.requests).toHaveLength(1);
    const [request] = llm.requests;
    expect(request?.stream).toBe(true);
    expect(request?.model).toBe('fake-analyst-1');
    expect(request?.messages[0]?.role).toBe('system');
    expect(request?.messages[0]?.content).toContain(
      'Every number you write must appear in the facts',
    );
    expect(request?.messages[0]?.content).toContain('Never tell the reader to buy, sell or hold');
    const sent = factsOf(request as NonNullable<typeof request>);
    expect(sent.symbol).toBe('AAPL');
    expect(sent.dataDate).toBe(facts.dataDate);
    expect(sent.technicalRating.votes).toHaveLength(26);
  });

  it('withdraws an answer with an invented figure and serves the built-in analysis', async () => {
    // The first sentence is true; the second invents a price target.
    llm.reply((request) =>
      analysisFromFacts(factsOf(request)).replace(
        '## Trend and momentum\n\n',
        '## Trend and momentum\n\nAnalysts expect the shares to reach $312.50 within a year. ',
      ),
    );
    const { facts, analysis, events } = await write();
    expect(analysis).toMatchObject({ writer: 'built_in', fallback: 'ungrounded_figure' });
    expect(analysis.sections).toEqual(composeSections(facts));
    const reset = events.findIndex((event) => event.type === 'reset');
    expect(reset).toBeGreaterThan(0);
    expect(events[reset]).toEqual({ type: 'reset', reason: 'ungrounded_figure' });
    // Nothing with the invented figure reached the reader.
    expect(events.some((event) => event.type === 'text' && event.text.includes('312.50'))).toBe(
      false,
    );
    expect(parseSections(streamedText(events))).toEqual(analysis.sections);
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({
          event: 'analysis_model_fallback',
          symbol: 'AAPL',
          reason: 'ungrounded_figure',
          figures: ['$312.50'],
        }),
        message: expect.stringContaining('built-in'),
      },
    ]);
  });

  it('withdraws an analysis that tells the reader to buy and serves the built-in analysis', async () => {
    llm.reply((request) =>
      analysisFromFacts(factsOf(request)).replace(
        '## Risks\n\n',
        '## Risks\n\nYou should buy this stock now... go all in. ',
      ),
    );
    const { facts, analysis, events } = await write();
    expect(analysis).toMatchObject({ writer: 'built_in', fallback: 'advice' });
    expect(analysis.sections).toEqual(composeSections(facts));
    expect(events).toContainEqual({ type: 'reset', reason: 'advice' });
    expect(events.some((event) => event.type === 'text' && /go all in/.test(event.text))).toBe(
      false,
    );
    expect(warnings[0]?.details.reason).toBe('advice');
  });

  it('falls back when the model takes too long', async () => {
    llm.behave({ kind: 'hang' });
    const started = Date.now();
    const { analysis } = await write({ timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(analysis.writer).toBe('built_in');
    expect(warnings[0]?.details.reason).toBe('timeout');
  });

  it('falls back when the server fails, refuses the key or cuts the stream', async () => {
    llm.behave({ kind: 'fail', status: 500 });
    expect((await write()).analysis.writer).toBe('built_in');
    llm.behave({ kind: 'answer' });
    expect((await write({ apiKey: 'wrong-key' })).analysis.writer).toBe('built_in');
    llm.behave({ kind: 'cut_off' });
    const cut = await write();
    expect(cut.analysis.writer).toBe('built_in');
    expect(warnings.map((warning) => warning.details.reason)).toEqual([
      'model_error',
      'model_error',
      'model_error',
    ]);
  });

  it('falls back when the answer does not have the five sections', async () => {
    llm.reply((request) => `${factsOf(request).name} closed at $${factsOf(request).lastClose}.`);
    const { analysis } = await write();
    expect(analysis.writer).toBe('built_in');
    expect(warnings[0]?.details.reason).toBe('bad_format');
  });

  it('stops without a fallback when the reader goes away', async () => {
    llm.behave({ kind: 'hang' });
    const controller = new AbortController();
    const writing = writer().write(sampleFacts(), { signal: controller.signal });
    // The reader leaves once the request to the fake model's socket is under way.
    setTimeout(() => controller.abort(), 50);
    await expect(writing).rejects.toThrow();
    expect(warnings).toEqual([]);
  });
});
