import { analysisResponseSchema, writtenAnalysisResponseSchema } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analystRequests } from '../../../test/analyst-requests.ts';
import { type FakeLlm, startFakeLlm } from '../../../test/fake-llm.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { defaultModelConcurrency } from '../../config.ts';
import { detectLocalModel } from './local-model.ts';

/**
 * A local Ollama found at start-up: offered in the operator log, used with
 * LLM_AUTODETECT=true. The stand-in speaks Ollama's OpenAI-compatible wire format.
 */

let ollama: FakeLlm;
/** An address where nothing listens: the usual case, no local model server. */
let nothingThere: string;

beforeAll(async () => {
  ollama = await startFakeLlm({ flavour: 'ollama' });
  const closed = await startFakeLlm({ flavour: 'ollama' });
  nothingThere = closed.url;
  await closed.close();
});
afterAll(() => ollama.close());

function logLines() {
  const lines: Array<{ level: 'info' | 'warn'; details: object; message: string }> = [];
  return {
    lines,
    info: (details: object, message: string) => lines.push({ level: 'info', details, message }),
    warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
  };
}

describe('looking for a local language model at start-up', () => {
  it('offers a server that answers in the log, and uses it only when asked to', async () => {
    const log = logLines();
    const offered = await detectLocalModel(
      { baseUrl: ollama.url, use: false, model: undefined },
      log,
    );
    expect(offered).toBeNull();
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.level).toBe('info');
    expect(log.lines[0]?.message).toMatch(
      /^A language model server answers at http:\/\/127\.0\.0\.1:\d+\/v1 \(models: llama3\.2:latest\)\. Set LLM_AUTODETECT=true to use it/,
    );

    const used = await detectLocalModel({ baseUrl: ollama.url, use: true, model: undefined }, log);
    expect(used).toEqual({ baseUrl: ollama.url, apiKey: undefined, model: 'llama3.2:latest' });
    const named = await detectLocalModel({ baseUrl: ollama.url, use: true, model: 'qwen2.5' }, log);
    expect(named?.model).toBe('qwen2.5');
  });

  it('changes nothing when no server answers: silent by default, a warning when asked to use one', async () => {
    const log = logLines();
    expect(
      await detectLocalModel({ baseUrl: nothingThere, use: false, model: undefined }, log),
    ).toBeNull();
    expect(log.lines).toEqual([]);
    expect(
      await detectLocalModel({ baseUrl: nothingThere, use: true, model: undefined }, log),
    ).toBeNull();
    expect(log.lines.map((line) => line.level)).toEqual(['warn']);
    expect(await detectLocalModel(undefined, log)).toBeNull();
  });
});

describe('an app started with LLM_AUTODETECT=true and a local Ollama', () => {
  let testApp: TestApp;
  let baseUrl: string;
  const { overview, open, userOn } = analystRequests(
    () => testApp,
    () => baseUrl,
  );

  beforeAll(async () => {
    testApp = await createTestApp({
      config: {
        analyst: {
          model: null,
          timeoutMs: 5_000,
          ...defaultModelConcurrency,
          autodetect: { baseUrl: ollama.url, use: true, model: undefined },
        },
      },
    });
    baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => testApp.close());

  it('has the model write the analysis, for one credit', async () => {
    const user = await userOn('alpha');
    const body = analysisResponseSchema.parse((await overview('AAPL', user)).json);
    expect(body.written).toEqual({
      status: 'available',
      cost: 1,
      writer: 'model',
      model: 'llama3.2:latest',
    });
    const written = writtenAnalysisResponseSchema.parse((await open('AAPL', user)).json);
    expect(written).toMatchObject({
      charged: true,
      credits: { used: 1 },
      analysis: { writer: 'model', model: 'llama3.2:latest', fallback: null },
    });
    expect(ollama.requests.at(-1)).toMatchObject({ model: 'llama3.2:latest', stream: true });
  });
});
