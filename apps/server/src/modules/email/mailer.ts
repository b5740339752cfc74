import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ReactElement } from 'react';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { Footer } from './layout.tsx';
import type { MailKind, Outbox, QueuedEmail, QueueResult } from './outbox.ts';
import type { MessageRenderer, TemplateCall } from './render-pool.ts';

/** What a module asks to send; `body` draws the message inside the given footer. */
export interface Email {
  kind: MailKind;
  to: string;
  userId?: string | null;
  subject: string;
  body: (footer: Footer) => ReactElement;
  /**
   * The registered template this message comes from and its builder's arguments (set by
   * `emailTemplate`): a render worker builds the same message from them, off the event loop.
   * A message without one (drawn on the spot) renders in-process.
   */
  template?: TemplateCall;
}

/** The unsubscribe link's parts: who, from what, and the server's signature of both. */
export interface UnsubscribeRequest {
  address: string;
  kind: string;
  token: string;
}

/**
 * Renders and queues messages. Non-essential kinds carry a one-click unsubscribe (RFC 8058:
 * `List-Unsubscribe` with an https address and `List-Unsubscribe-Post`) and a preferences link;
 * the unsubscribe address is signed, so nobody can unsubscribe someone else.
 */
export class Mailer {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly outbox: Outbox,
    private readonly renderer: MessageRenderer,
    private readonly publicUrl: string,
    private readonly secret: string,
    private readonly log: {
      error(details: object, message: string): void;
      warn(details: object, message: string): void;
    },
  ) {}

  /**
   * Queues a message without making the caller wait: an answer that must take the same time
   * whether or not a message goes out (a reset asked for an unknown address) uses this.
   */
  sendInBackground(email: Email): void {
    const sending = this.send(email)
      .catch((error: unknown) => {
        // With the database down nothing can be queued; the user can ask again (a resend, a
        // new reset link) once it is back. Anything else is a fault of ours.
        const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
        this.log[level]({ err: error, kind: email.kind.name }, 'an email could not be queued');
      })
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Waits for the messages being queued in the background (the app closing). */
  async settle(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  async send(email: Email): Promise<QueueResult> {
    return this.outbox.queue(await this.prepare(email));
  }

  /**
   * Renders a message in its frame (in a render worker: the event loop does not wait), with the
   * unsubscribe headers of non-essential mail.
   */
  async prepare(email: Email): Promise<QueuedEmail> {
    const footer: Footer = { publicUrl: this.publicUrl };
    const headers: Record<string, string> = {};
    if (!email.kind.essential) {
      const unsubscribeUrl = this.unsubscribeUrl(email.to, email.kind.name);
      footer.optOut = {
        unsubscribeUrl,
        preferencesUrl: `${this.publicUrl}/dashboard/settings?tab=notifications`,
        what: email.kind.name.replaceAll('-', ' '),
      };
      headers['List-Unsubscribe'] = `<${unsubscribeUrl}>`;
      headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
    }
    const message = await this.renderer.render(email, footer);
    return {
      kind: email.kind,
      to: email.to,
      userId: email.userId ?? null,
      message,
      headers,
    };
  }

  unsubscribeUrl(address: string, kind: string): string {
    const normal = address.trim().toLowerCase();
    const query = new URLSearchParams({
      address: normal,
      kind,
      token: this.sign(normal, kind),
    });
    return `${this.publicUrl}/api/email/unsubscribe?${query}`;
  }

  /** Whether the token is the server's signature of this address and kind. */
  verifies({ address, kind, token }: UnsubscribeRequest): boolean {
    const expected = Buffer.from(this.sign(address.trim().toLowerCase(), kind));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(address: string, kind: string): string {
    return createHmac('sha256', this.secret)
      .update(`unsubscribe\n${address}\n${kind}`)
      .digest('base64url');
  }
}
