import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent as given: not normalised, not re-encoded (so `..` and odd escapes reach the server). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body; empty for an event stream (cut once its headers arrive). */
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * One HTTP request to a server on 127.0.0.1, exactly as written: any method token, a raw path,
 * any headers. An event stream (`/api/events`) is cut once its headers arrive.
 */
export async function sendRaw(
  baseUrl: string,
  request: RawRequest,
  timeoutMs = 10_000,
): Promise<RawResponse> {
  try {
    return await sendOnce(baseUrl, request, timeoutMs);
  } catch (error) {
    // A server may close a kept-alive connection (after answering a request before reading
    // all of its body) just as the next request goes out on it: send that one again, as
    // browsers do.
    if ((error as { reusedSocket?: boolean }).reusedSocket) {
      return sendOnce(baseUrl, request, timeoutMs);
    }
    throw error;
  }
}

function sendOnce(baseUrl: string, request: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        // A length, as browsers send, rather than a chunked body.
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        const status = response.statusCode ?? 0;
        const streaming = String(response.headers['content-type']).startsWith('text/event-stream');
        const done = () =>
          resolve({
            status,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          });
        if (streaming) {
          response.destroy();
          done();
          return;
        }
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', done);
        response.on('error', () => done());
      },
    );
    outgoing.setTimeout(timeoutMs, () => {
      outgoing.destroy(
        new Error(`no answer in ${timeoutMs} ms: ${request.method} ${request.path}`),
      );
    });
    outgoing.on('error', (error) =>
      reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })),
    );
    outgoing.end(request.body);
  });
}

/** The URL of a route with each `:param` replaced (values are percent-encoded). */
export function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} in ${url}`);
    return encodeURIComponent(value);
  });
}
