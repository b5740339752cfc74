import { z } from 'zod';
import { AppError } from '../../http/errors.ts';

/** The longest subject a message may have. */
const maxSubjectLength = 200;
/** A rendered message's HTML and text parts together. */
export const maxBodyLength = 512 * 1024;

const addressSchema = z.email().max(254);

/** What a template renders: one message, before it is recorded in the outbox. */
export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
}

/** Refused before anything is queued: a malformed address, a header injection, an oversize. */
export class MessageRefused extends AppError {
  constructor(message: string) {
    super(400, 'invalid_email', message);
  }
}

/** The address, lower-cased, or a refusal. */
export function checkedAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  if (/[\r\n]/.test(address) || !addressSchema.safeParse(trimmed).success) {
    throw new MessageRefused('That is not an email address we can write to.');
  }
  return trimmed;
}

/** A name or line that goes into a header or a subject: one line, not too long. */
export function checkedLine(value: string, maxLength: number, what: string): string {
  if (/[\r\n\u2028\u2029]/.test(value)) {
    throw new MessageRefused(`The ${what} must be on one line.`);
  }
  if (value.length > maxLength) {
    throw new MessageRefused(`The ${what} is longer than ${maxLength} characters.`);
  }
  return value;
}

export function checkedMessage(message: RenderedMessage): RenderedMessage {
  checkedLine(message.subject, maxSubjectLength, 'subject');
  if (message.html.length + message.text.length > maxBodyLength) {
    throw new MessageRefused('The message is too long to send.');
  }
  return message;
}
