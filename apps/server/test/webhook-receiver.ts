import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver took in: its headers and its body exactly as sent. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/**
 * A webhook receiver on 127.0.0.1 (a customer's server, as alert destinations reach it): it
 * records what it is sent and answers `status` after `delayMs`, or never answers while `hang`
 * is set. `mostAtOnce` is the most requests it held unanswered at the same moment.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  status = 200;
  hang = false;
  delayMs = 0;
  mostAtOnce = 0;
  /** Connections opened to it (a sender that keeps them alive opens fewer than requests). */
  connections = 0;
  private open = 0;
  private server: Server | undefined;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          path: request.url ?? '',
        });
        if (this.hang) return;
        this.open += 1;
        this.mostAtOnce = Math.max(this.mostAtOnce, this.open);
        const answer = () => {
          this.open -= 1;
          if (this.status >= 300 && this.status < 400) {
            response.writeHead(this.status, { location: `${this.url}/elsewhere` }).end();
            return;
          }
          response.writeHead(this.status, { 'content-type': 'text/plain' }).end('ok');
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    this.server.on('connection', () => {
      this.connections += 1;
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Back to answering 200 at once. */
  reset(): void {
    this.status = 200;
    this.hang = false;
    this.delayMs = 0;
    this.mostAtOnce = 0;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
