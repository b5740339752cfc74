import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's sender (MAIL FROM). */
  from: string;
  /** The envelope's recipients, as the server accepted them. */
  to: string[];
  parsed: ParsedMail;
  /** The message as it arrived, headers and all. */
  raw: string;
}

/** An answer the server gives a recipient instead of accepting it: `450 Try later`. */
export interface Refusal {
  code: number;
  message: string;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps what it receives,
 * parsed by `mailparser`. Recipients can be refused with any SMTP code, and the server can be
 * stopped and started again on the same port (a relay that is down for a while).
 */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  private readonly refusals = new Map<string, Refusal>();
  private readonly waiters: (() => void)[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stopped relay drops its clients at once (the sender's pool keeps connections open).
      closeTimeout: 50,
      onRcptTo: (address, _session, callback) => {
        const refusal = this.refusals.get(address.address.toLowerCase());
        if (!refusal) return callback();
        const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        return callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              this.received.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
                parsed,
                raw,
              });
              for (const wake of this.waiters.splice(0)) wake();
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** The SMTP_URL that reaches this server. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  refuse(address: string, refusal: Refusal): void {
    this.refusals.set(address.toLowerCase(), refusal);
  }

  accept(address: string): void {
    this.refusals.delete(address.toLowerCase());
  }

  /** Messages received for `address` (with this subject, if given), oldest first. */
  to(address: string, subject?: string): ReceivedMail[] {
    return this.received.filter(
      (mail) =>
        mail.to.includes(address.toLowerCase()) &&
        (subject === undefined || mail.parsed.subject === subject),
    );
  }

  /** Waits until `count` messages (with this subject, if given) have come for `address`. */
  async waitFor(
    address: string,
    count = 1,
    { subject, timeoutMs = 10_000 }: { subject?: string; timeoutMs?: number } = {},
  ): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(address, subject).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`${this.to(address, subject).length} of ${count} came for ${address}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.to(address, subject);
  }
}

/** The first link in a message's text part whose address starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const text = mail.parsed.text ?? '';
  const found = text.match(/https?:\/\/[^\s<>\]"]+/g)?.find((url) => url.startsWith(prefix));
  if (!found) throw new Error(`No link starting ${prefix} in:\n${text}`);
  return found;
}
