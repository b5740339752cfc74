import {
  type AnalysisStreamEvent,
  analysisStreamEventSchema,
  apiErrorSchema,
} from '@tickerwise/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';

/**
 * Reads Server-Sent Events from text arriving in pieces: `push` takes the next piece and
 * returns the events it completed (an event ends at a blank line). Events the app does not
 * know are skipped.
 */
export function eventStreamReader() {
  let buffer = '';
  return {
    push(piece: string): AnalysisStreamEvent[] {
      buffer += piece.replace(/\r\n?/g, '\n');
      const events: AnalysisStreamEvent[] = [];
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parseBlock(block);
        if (event) events.push(event);
        end = buffer.indexOf('\n\n');
      }
      return events;
    },
  };
}

function parseBlock(block: string): AnalysisStreamEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  try {
    const parsed = analysisStreamEventSchema.safeParse({
      event: name,
      data: JSON.parse(data.join('\n')),
    });
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * POSTs to a streaming route of the analyst and hands each event to `onEvent` as it arrives.
 * A refusal before the stream opens (402, 404, 409, 429) comes back as JSON and is thrown as
 * an `ApiRequestError`, like any other API call.
 */
export async function postEventStream(
  path: string,
  body: unknown,
  onEvent: (event: AnalysisStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      signal,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body ?? {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(
      0,
      'network_error',
      'Cannot reach Tickerwise. Check your connection and try again.',
    );
  }
  if (!response.ok || !response.body) {
    const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
    const error = parsed.success
      ? parsed.data.error
      : { code: `http_${response.status}`, message: 'Something went wrong. Please try again.' };
    throw new ApiRequestError(response.status, error.code, error.message);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events = eventStreamReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const event of events.push(value)) onEvent(event);
  }
}
