import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ModelFacts } from '../src/modules/analysis/model-facts.ts';

/**
 * A stand-in for an OpenAI-compatible model server (OpenAI, vLLM, Ollama, llama.cpp) on
 * 127.0.0.1, speaking the Chat Completions wire format: `POST /v1/chat/completions` answers
 * a `chat.completion` object, or with `stream: true` a text/event-stream of
 * `chat.completion.chunk` events ending in `data: [DONE]`. `GET /v1/models` lists the model.
 * A wrong bearer key gets 401 in OpenAI's error shape. It records every request.
 *
 * By default it behaves like a model that follows the instructions: it writes its answer from
 * the facts JSON in the last user message, copying their numbers. `reply` sets another answer.
 */

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  /** The most tokens the client asked for. */
  max_tokens?: number;
}

export type FakeLlmBehaviour =
  | { kind: 'answer' }
  | { kind: 'fail'; status: number }
  | { kind: 'hang' }
  | { kind: 'cut_off' }
  | { kind: 'hold' };

export interface FakeLlm {
  /** Base URL to use as LLM_BASE_URL (ends in /v1). */
  url: string;
  apiKey: string;
  model: string;
  /** Chat completion requests received. */
  requests: ChatRequest[];
  /** Answer every request with this text (or what the function makes of the request). */
  reply(text: string | ((request: ChatRequest) => string)): void;
  /** Back to answering from the facts. */
  replyFromFacts(): void;
  /**
   * `fail`: that HTTP status; `hang`: never answer; `cut_off`: stop the stream half way;
   * `hold`: answer once `release()` is called (calls kept running, as a busy model's are).
   */
  behave(behaviour: FakeLlmBehaviour): void;
  /** Lets every held request answer. */
  release(): void;
  /** Requests waiting in `hold`. */
  readonly held: number;
  /** Streams the client closed before their end (it stopped reading). */
  readonly closedEarly: number;
  /** Pause between streamed chunks, in ms (default 0). */
  setChunkDelay(ms: number): void;
  close(): Promise<void>;
}

export interface FakeLlmOptions {
  apiKey?: string;
  model?: string;
  /**
   * `ollama`: speaks as Ollama's OpenAI-compatible API does (http://127.0.0.1:11434/v1): no
   * key asked for, models listed as `owned_by: 'library'`, chunks fingerprinted `fp_ollama`,
   * and a model it does not have answered with 404 "not found, try pulling it first".
   */
  flavour?: 'openai' | 'ollama';
}

/** The facts JSON the app sends in its last user message. */
export function factsOf(request: ChatRequest): ModelFacts {
  const content = request.messages.at(-1)?.content ?? '';
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  return JSON.parse(content.slice(start, end + 1)) as ModelFacts;
}

/** The question of an "ask" request, or null for the written analysis. */
export function questionOf(request: ChatRequest): string | null {
  const content = request.messages.at(-1)?.content ?? '';
  const marker = content.lastIndexOf('\n\nQuestion: ');
  return marker === -1 ? null : content.slice(marker + '\n\nQuestion: '.length);
}

/** An analysis in the five sections, every number copied from the facts. */
export function analysisFromFacts(facts: ModelFacts): string {
  const rating = facts.technicalRating;
  const averages = facts.movingAverages;
  const year = facts.priceReturnsPercent?.['1 year']?.percent;
  const checklist = facts.fundamentalsChecklist;
  return [
    '## Summary',
    '',
    `${facts.name} (${facts.symbol}) has an overall technical rating of ${rating.overall.rating} as of ${facts.dataDate}. The last close was $${facts.lastClose}${year === null || year === undefined ? '' : `, ${year}% over 1 year`}. Of ${checklist.withData} fundamental checks with data, ${checklist.passed} pass.`,
    '',
    '## Trend and momentum',
    '',
    `The moving averages read ${rating.movingAverages.rating} with ${rating.movingAverages.buyVotes} buy votes, and the oscillators read ${rating.oscillators.rating}. The 50-day average is $${averages.sma50Day}.`,
    '',
    '## Valuation and quality',
    '',
    `${checklist.passed} checks pass and ${checklist.failed} fail.`,
    '',
    '## Risks',
    '',
    `Annualised volatility over 30 trading days is ${facts.volatility.annualisedPercent}%.`,
    '',
    '## What to watch',
    '',
    `The 200-day average stands at $${averages.sma200Day}.`,
  ].join('\n');
}

function answerFromFacts(request: ChatRequest): string {
  const facts = factsOf(request);
  const question = questionOf(request);
  if (question === null) return analysisFromFacts(facts);
  return `${facts.name} closed at $${facts.lastClose} on ${facts.dataDate}, and its technical rating is ${facts.technicalRating.overall.rating}.`;
}

/** Splits text into uneven pieces, cutting through words and numbers as real streams do. */
function chunksOf(text: string): string[] {
  const chunks: string[] = [];
  for (let index = 0, size = 3; index < text.length; index += size, size = (size % 7) + 3) {
    chunks.push(text.slice(index, index + size));
  }
  return chunks;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const ollama = options.flavour === 'ollama';
  const apiKey = options.apiKey ?? 'fake-llm-key';
  const model = options.model ?? (ollama ? 'llama3.2:latest' : 'fake-analyst-1');
  const requests: ChatRequest[] = [];
  let responder: (request: ChatRequest) => string = answerFromFacts;
  let behaviour: FakeLlmBehaviour = { kind: 'answer' };
  let chunkDelay = 0;
  const open = new Set<ServerResponse>();
  let held: Array<() => void> = [];
  let closedEarly = 0;

  const sendJson = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const openAiError = (message: string, type: string, code: string | null) => ({
    error: { message, type, param: null, code },
  });

  async function stream(response: ServerResponse, text: string, cutOff: boolean) {
    const id = `chatcmpl-${randomUUID()}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: object, finishReason: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        system_fingerprint: ollama ? 'fp_ollama' : 'fp_fake',
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      })}\n\n`;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    response.write(chunk({ role: 'assistant', content: '' }, null));
    const pieces = chunksOf(text);
    for (const [index, piece] of pieces.entries()) {
      if (response.destroyed) {
        closedEarly += 1;
        return;
      }
      if (cutOff && index === Math.floor(pieces.length / 2)) {
        response.destroy();
        return;
      }
      if (chunkDelay > 0) await sleep(chunkDelay);
      response.write(chunk({ content: piece }, null));
    }
    response.write(chunk({}, 'stop'));
    response.end('data: [DONE]\n\n');
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!ollama && request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(
        response,
        401,
        openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    if (request.method === 'GET' && url.pathname === '/v1/models') {
      return sendJson(response, 200, {
        object: 'list',
        data: [
          {
            id: model,
            object: 'model',
            created: ollama ? 1_732_000_000 : 0,
            owned_by: ollama ? 'library' : 'tickerwise-tests',
          },
        ],
      });
    }
    if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      return sendJson(response, 404, openAiError('Not found', 'invalid_request_error', null));
    }
    const body = JSON.parse(await readBody(request)) as ChatRequest;
    requests.push(body);
    if (ollama && body.model !== model) {
      return sendJson(
        response,
        404,
        openAiError(`model "${body.model}" not found, try pulling it first`, 'api_error', null),
      );
    }
    if (behaviour.kind === 'hang') {
      open.add(response);
      return;
    }
    if (behaviour.kind === 'hold') {
      open.add(response);
      await new Promise<void>((resolve) => held.push(resolve));
    }
    if (behaviour.kind === 'fail') {
      return sendJson(
        response,
        behaviour.status,
        openAiError('The server had an error processing your request.', 'server_error', null),
      );
    }
    const text = responder(body);
    if (body.stream) {
      open.add(response);
      await stream(response, text, behaviour.kind === 'cut_off');
      open.delete(response);
      return;
    }
    sendJson(response, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    model,
    requests,
    reply(text) {
      responder = typeof text === 'string' ? () => text : text;
    },
    replyFromFacts() {
      responder = answerFromFacts;
    },
    behave(next) {
      behaviour = next;
    },
    release() {
      const waiting = held;
      held = [];
      for (const resolve of waiting) resolve();
    },
    get held() {
      return held.length;
    },
    get closedEarly() {
      return closedEarly;
    },
    setChunkDelay(ms) {
      chunkDelay = ms;
    },
    async close() {
      for (const resolve of held) resolve();
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
