import type { LookupAddress } from 'node:dns';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { outcomeOfStatus, recordUpstreamCall } from '../../observability/metrics.ts';
import {
  AddressRefused,
  checkUrl,
  hostOf,
  resolveTarget,
  type TargetPolicy,
} from './address-guard.ts';

/** How long one attempt may take, from resolving the name to the end of the answer. */
export const deliveryTimeoutMs = 10_000;
/** The largest body sent. */
export const maxBodyBytes = 64 * 1024;
/** How much of an answer is read: the rest is dropped. */
const maxAnswerBytes = 16 * 1024;
/**
 * How long an idle kept-alive connection waits for the next delivery to its host: below the
 * 5 s after which common servers (Node's, nginx's) close one, so a delivery seldom goes out on
 * a connection the receiver is closing. A shorter hint in the receiver's `Keep-Alive` header
 * wins.
 */
const idleConnectionMs = 4_000;

/** What one attempt came to. */
export interface AttemptResult {
  ok: boolean;
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  latencyMs: number;
  /** Why it failed, for the delivery log. */
  error: string | null;
}

export interface PostOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * Posts a delivery: the address is checked again and resolved here, and a new connection goes
 * to the address checked (the `lookup` hands it to the socket), so a name that changed its
 * answer since cannot reach a private address. Connections are kept alive between deliveries
 * to the same host and port (one receiver gets many in a burst); a kept connection goes to an
 * address checked when it was opened, and every delivery still checks the name again first.
 * Redirects are not followed (a 3xx is a failure), the body is bounded, and only the first
 * 16 KB of an answer are read.
 */
export class WebhookSender {
  private readonly agents = {
    http: new HttpAgent({ keepAlive: true, timeout: idleConnectionMs, scheduling: 'lifo' }),
    https: new HttpsAgent({ keepAlive: true, timeout: idleConnectionMs, scheduling: 'lifo' }),
  };

  constructor(
    private readonly policy: TargetPolicy,
    private readonly timeoutMs = deliveryTimeoutMs,
  ) {}

  /** Closes the kept-alive connections. */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  async post({ url: raw, body, headers }: PostOptions): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string, status: number | null = null): AttemptResult => ({
      ok: false,
      status,
      latencyMs: elapsed(),
      error,
    });
    if (Buffer.byteLength(body) > maxBodyBytes) return failed('The event is too large to send.');
    let deadline: NodeJS.Timeout | undefined;
    let request: ClientRequest | undefined;
    let settled = false;
    let expired = false;
    const timedOut = new Promise<AttemptResult>((resolve) => {
      deadline = setTimeout(() => {
        // After this turn's input: an answer that came in time, on a busy process whose timer
        // ran late, is read before the attempt is called unanswered (and sent again).
        setImmediate(() => {
          if (settled) return;
          expired = true;
          request?.destroy();
          resolve(failed(`No answer within ${this.timeoutMs / 1000} s.`));
        });
      }, this.timeoutMs);
    });
    /** `fresh`: on a new connection, not a kept one. */
    const attempt = async (fresh = false): Promise<AttemptResult> => {
      const url = checkUrl(raw, this.policy);
      const target = await resolveTarget(url, this.policy);
      if (expired) return failed(`No answer within ${this.timeoutMs / 1000} s.`);
      return new Promise<AttemptResult>((resolve) => {
        const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
        const host = hostOf(url);
        request = send(
          {
            method: 'POST',
            host,
            port: url.port || undefined,
            path: `${url.pathname}${url.search}`,
            headers: {
              ...headers,
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
              'user-agent': 'Tickerwise-Webhooks/1.0',
            },
            agent: fresh ? false : url.protocol === 'https:' ? this.agents.https : this.agents.http,
            // The name was checked above: connect to what it resolved to, not to a new answer.
            lookup: (_hostname, options, callback) => {
              const found: LookupAddress = { address: target.address, family: target.family };
              if ((options as { all?: boolean }).all) {
                (callback as (error: null, addresses: LookupAddress[]) => void)(null, [found]);
              } else {
                callback(null, target.address, target.family);
              }
            },
            ...(url.protocol === 'https:' ? { servername: host } : {}),
          },
          (response: IncomingMessage) => {
            const status = response.statusCode ?? 0;
            let read = 0;
            const finish = () => {
              const ok = status >= 200 && status < 300;
              resolve(
                ok
                  ? { ok, status, latencyMs: elapsed(), error: null }
                  : failed(
                      status >= 300 && status < 400
                        ? `Answered ${status} (a redirect, which is not followed).`
                        : `Answered ${status}.`,
                      status,
                    ),
              );
            };
            response.on('data', (chunk: Buffer) => {
              read += chunk.length;
              if (read > maxAnswerBytes) {
                response.destroy();
                finish();
              }
            });
            response.on('end', finish);
            response.on('error', finish);
          },
        );
        const sent = request;
        sent.on('error', (error: NodeJS.ErrnoException) => {
          // A kept connection the receiver closed (idle) as this delivery went out on it: the
          // delivery goes again at once on a new connection, with the same `webhook-id`.
          const reset = error.code === 'ECONNRESET' || error.code === 'EPIPE';
          if (!expired && sent.reusedSocket && reset) {
            resolve(attempt(true));
            return;
          }
          resolve(failed(`Could not connect: ${error.message}`));
        });
        sent.end(body);
      });
    };
    try {
      const result = await Promise.race([
        attempt()
          .catch((error: unknown) =>
            failed(error instanceof AddressRefused ? error.message : String(error)),
          )
          .then((result) => {
            settled = true;
            return result;
          }),
        timedOut,
      ]);
      recordUpstreamCall('webhook', outcomeOfStatus(result.status), result.latencyMs / 1000);
      return result;
    } finally {
      clearTimeout(deadline);
    }
  }
}
