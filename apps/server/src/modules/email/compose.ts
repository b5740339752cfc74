import MailComposer from 'nodemailer/lib/mail-composer';

/** One message as it leaves the outbox. */
export interface OutgoingMessage {
  id: number;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Stable across retries, so a receiver can tell a resend from a new message. */
  messageId: string;
  createdAt: Date;
}

/**
 * Builds the message's MIME source (headers, the plain-text and HTML parts, each encoded):
 * what goes to the SMTP server as it is. Encoding a part is a loop over its characters, a few
 * milliseconds for an alert email, so a render worker does it (`MessageRenderer.compose`).
 */
export function composeMessage(message: OutgoingMessage): Promise<Uint8Array> {
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
    messageId: message.messageId,
    date: message.createdAt,
  });
  return composer.compile().build();
}
