import type { AnalystConfig } from '../../config.ts';
import type { LanguageModelSettings } from './language-model.ts';

/** The part of the app's logger the look-up uses. */
interface DetectLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** A local server answers at once or not at all; start-up never waits longer than this (a
 * busy start-up keeps the event loop from reading the answer at once). */
const lookTimeoutMs = 5_000;

/** The models an OpenAI-compatible server lists at `GET {baseUrl}/models` (Ollama's too). */
async function listedModels(baseUrl: string): Promise<string[] | null> {
  try {
    const response = await fetch(`${baseUrl}/models`, {
      signal: AbortSignal.timeout(lookTimeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: Array<{ id?: unknown }> };
    if (!Array.isArray(body.data)) return null;
    return body.data.flatMap((model) => (typeof model.id === 'string' ? [model.id] : []));
  } catch {
    return null;
  }
}

/**
 * At start-up, with no model configured: looks for an OpenAI-compatible server on the
 * standard local Ollama address. When one answers with a model, the operator log offers it;
 * with LLM_AUTODETECT=true it is used (the model LLM_MODEL names, or the first it lists).
 * Nothing answering is the usual case and changes nothing: the built-in writer writes.
 */
export async function detectLocalModel(
  autodetect: AnalystConfig['autodetect'],
  log: DetectLog,
): Promise<LanguageModelSettings | null> {
  if (!autodetect) return null;
  const { baseUrl, use } = autodetect;
  const models = await listedModels(baseUrl);
  if (!models || models.length === 0) {
    if (use) {
      log.warn(
        { event: 'llm_not_detected', baseUrl },
        `LLM_AUTODETECT=true, but no language model server lists a model at ${baseUrl}; the built-in writer writes the analyses`,
      );
    }
    return null;
  }
  const model = autodetect.model ?? (models[0] as string);
  if (!use) {
    log.info(
      { event: 'llm_detected', baseUrl, models },
      `A language model server answers at ${baseUrl} (models: ${models.join(', ')}). Set LLM_AUTODETECT=true to use it, or LLM_BASE_URL and LLM_MODEL; until then the built-in writer writes the analyses and AI credits are not used`,
    );
    return null;
  }
  log.info(
    { event: 'llm_autodetected', baseUrl, model },
    `Using the language model ${model} found at ${baseUrl}`,
  );
  return { baseUrl, apiKey: undefined, model };
}
