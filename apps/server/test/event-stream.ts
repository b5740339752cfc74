import { request } from 'node:http';
import type { LiveEvent } from '@tickerwise/shared';

/** A Server-Sent Events client over a real socket, as a browser's EventSource would be. */
export interface EventStream {
  status: number;
  /** The body of a refused stream (an error status), once it has arrived. */
  body: Promise<string>;
  /** Parsed `data:` events, in arrival order. */
  events: LiveEvent[];
  /** Comment lines (`: heartbeat`) without the colon. */
  comments: string[];
  /** The reconnection delays the server gave (`retry:` lines), in ms, in order. */
  retries: number[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  waitForComment(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream; resolves once the response head arrives (any status). */
export function openEventStream(
  url: string,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      const events: LiveEvent[] = [];
      const comments: string[] = [];
      const retries: number[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      let raw = '';
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary !== -1) {
          for (const line of buffer.slice(0, boundary).split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
            else if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) retries.push(Number(line.slice(7)));
          }
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
        }
        for (const waiter of waiters) waiter();
      });
      const until = <T>(found: () => T | undefined, timeoutMs: number, what: string) =>
        new Promise<T>((done, fail) => {
          const check = () => {
            const value = found();
            if (value === undefined) return;
            waiters.delete(check);
            clearTimeout(timer);
            done(value);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`No ${what} within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      resolve({
        status: response.statusCode ?? 0,
        body: ended.then(() => raw),
        events,
        comments,
        retries,
        waitFor: (match, timeoutMs = 2_000) => until(() => events.find(match), timeoutMs, 'event'),
        waitForComment: (text, timeoutMs = 2_000) =>
          until(() => (comments.includes(text) ? true : undefined), timeoutMs, `": ${text}"`).then(
            () => {},
          ),
        ended,
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}
