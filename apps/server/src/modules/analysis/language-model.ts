import OpenAI from 'openai';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** A chat model that streams its reply; behind it any OpenAI-compatible endpoint. */
export interface LanguageModel {
  /** The model's name, shown with what it wrote. */
  readonly name: string;
  /** The reply's text, piece by piece as it is written, at most `maxTokens` tokens of it. */
  stream(messages: ChatMessage[], signal: AbortSignal, maxTokens: number): AsyncIterable<string>;
}

export interface LanguageModelSettings {
  /** The endpoint's base, up to and including `/v1` (e.g. Ollama's http://127.0.0.1:11434/v1). */
  baseUrl: string;
  /** Local servers (Ollama, llama.cpp) need none. */
  apiKey: string | undefined;
  model: string;
}

/**
 * Any server speaking OpenAI's Chat Completions API (a hosted API, vLLM, Ollama, llama.cpp's
 * server), through the `openai` client: `POST {baseUrl}/chat/completions` with
 * `stream: true`, read as server-sent events. Retries are off: a failed call falls back to the
 * built-in writer at once rather than making the reader wait.
 */
export function openAiCompatibleModel(settings: LanguageModelSettings): LanguageModel {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // The client insists on a key; servers that need none ignore it.
    apiKey: settings.apiKey ?? 'not-needed',
    maxRetries: 0,
  });
  return {
    name: settings.model,
    async *stream(messages, signal, maxTokens) {
      const reply = await client.chat.completions.create(
        // `max_tokens`, which every OpenAI-compatible server reads (OpenAI's own too).
        { model: settings.model, messages, stream: true, temperature: 0.2, max_tokens: maxTokens },
        { signal },
      );
      for await (const chunk of reply) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}
