import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../../config.ts';
import { recordUpstreamCall } from '../../observability/metrics.ts';
import type { OutgoingMessage } from './compose.ts';

/** Builds a message's MIME source (in a render worker, `MessageRenderer.compose`). */
export type Compose = (message: OutgoingMessage) => Promise<Uint8Array>;

/** How a send ended: accepted, to be tried again later, or refused for good. */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'temporary'; reason: string }
  | { kind: 'permanent'; reason: string; addressFailing: boolean };

export interface MailTransport {
  /** Where mail goes, for the start-up log: `smtp://relay:587` or the outbox folder. */
  readonly description: string;
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close(): void;
}

/** What nodemailer's SMTP errors carry. */
interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/**
 * Classifies an SMTP failure: a 5xx answer is permanent (and marks the address failing when
 * the server refused the recipient); a 4xx answer, a refused connection or a timeout is
 * temporary, so the message waits in the outbox and goes out once the server takes it.
 */
export function outcomeOfError(error: unknown): SendOutcome {
  const smtp = error as SmtpError;
  const reason = (smtp.message ?? String(error)).slice(0, 500);
  if (typeof smtp.responseCode === 'number' && smtp.responseCode >= 500) {
    // A refused login is this server's configuration, not the message: keep it for later.
    if (smtp.code === 'EAUTH') return { kind: 'temporary', reason };
    const addressFailing = smtp.command === 'RCPT TO' || smtp.code === 'EENVELOPE';
    return { kind: 'permanent', reason, addressFailing };
  }
  return { kind: 'temporary', reason };
}

/**
 * Sends through an SMTP relay (`SMTP_URL`), over a small pool of connections. Each message
 * goes as the MIME source `compose` built (nodemailer's `raw`), with its envelope given.
 */
export function smtpTransport(smtpUrl: string, compose: Compose): MailTransport {
  const url = new URL(smtpUrl);
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    description: `${url.protocol}//${url.host}`,
    async send(message) {
      let raw: Uint8Array;
      try {
        raw = await compose(message);
      } catch (error) {
        // A render worker that stopped: the message waits for the next attempt.
        return { kind: 'temporary', reason: `the message could not be built: ${String(error)}` };
      }
      const started = performance.now();
      const took = () => (performance.now() - started) / 1000;
      try {
        const info = (await transporter.sendMail({
          envelope: { from: envelopeAddress(message.from), to: [message.to] },
          raw: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
        })) as { response?: string };
        recordUpstreamCall('smtp', smtpOutcome(info.response), took());
        return { kind: 'sent' };
      } catch (error) {
        recordUpstreamCall('smtp', smtpOutcome((error as SmtpError).responseCode), took());
        return outcomeOfError(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * The outcome label of an SMTP reply (`250 OK`, 550): its class as `2xx`, `4xx`, `5xx`, or
 * `error` when the relay never replied (refused, timed out).
 */
function smtpOutcome(reply: string | number | undefined): string {
  const code = Number.parseInt(String(reply ?? ''), 10);
  return code >= 200 && code < 600 ? `${Math.floor(code / 100)}xx` : 'error';
}

/** The address of `Name <address>` (MAIL_FROM), or the value itself. */
function envelopeAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/**
 * Writes each message as an `.eml` file (mode 0600) to `folder`, named by time and id, and
 * reports the file: the embedded default, so the app sends mail with nothing to set up.
 */
export function folderTransport(
  folder: string,
  written: (file: string) => void,
  compose: Compose,
): MailTransport {
  return {
    description: folder,
    async send(message) {
      const raw = await compose(message);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const time = message.createdAt.toISOString().replace(/[:.]/g, '-');
      const file = join(folder, `${time}-${message.id}.eml`);
      await writeFile(file, raw, { mode: 0o600 });
      written(file);
      return { kind: 'sent' };
    },
    close: () => {},
  };
}

export function createTransport(
  config: MailConfig,
  dataDir: string,
  written: (file: string) => void,
  compose: Compose,
): MailTransport {
  if (config.smtpUrl) return smtpTransport(config.smtpUrl, compose);
  return folderTransport(join(dataDir, 'outbox'), written, compose);
}
