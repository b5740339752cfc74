import { Message, Paragraph } from './layout.tsx';
import type { Email } from './mailer.ts';
import type { MailKind } from './outbox.ts';

const hour = 3600;

/** Reset links: a few an hour per address, whoever asks (the answer never says). */
export const passwordResetKind: MailKind = {
  name: 'password-reset',
  essential: true,
  perRecipient: { max: 3, windowSeconds: hour },
};

/** The "Forgot password?" email: a single-use link to choose a new password, valid 30 minutes. */
export function passwordResetEmail(user: { id: string; email: string; name: string }, url: string) {
  return {
    kind: passwordResetKind,
    to: user.email,
    userId: user.id,
    subject: 'Reset your Tickerwise password',
    body: (footer) => (
      <Message
        preview="Choose a new password within 30 minutes."
        heading="Reset your password"
        footer={footer}
        action={{ label: 'Choose a new password', url }}
        note="The link works once, for 30 minutes. If you did not ask for it, ignore this email: your password stays as it is."
      >
        <Paragraph>Hello {user.name},</Paragraph>
        <Paragraph>
          Someone, hopefully you, asked to reset the password of your Tickerwise account. Choosing a
          new password signs you out on every device and revokes your API keys.
        </Paragraph>
      </Message>
    ),
  } satisfies Email;
}
