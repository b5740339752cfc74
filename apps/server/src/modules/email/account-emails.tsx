import { Message, Paragraph } from './layout.tsx';
import type { Email } from './mailer.ts';
import type { MailKind } from './outbox.ts';
import { emailTemplate } from './template.ts';

const hour = 3600;

/** Reset links: a few an hour per address, whoever asks (the answer never says). */
export const passwordResetKind: MailKind = {
  name: 'password-reset',
  essential: true,
  perRecipient: { max: 3, windowSeconds: hour },
};

/** The "Forgot password?" email: a single-use link to choose a new password, valid 30 minutes. */
function passwordResetMessage(user: { id: string; email: string; name: string }, url: string) {
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

export const passwordResetEmail = emailTemplate('password-reset', passwordResetMessage);

/** Address confirmations: at sign-up and on request (the resend has its own cooldown). */
export const verifyEmailKind: MailKind = {
  name: 'verify-email',
  essential: true,
  perRecipient: { max: 5, windowSeconds: hour },
};

/** Sent at sign-up: a link that confirms the address, valid 24 hours. */
function verifyEmailMessage(user: { id: string; email: string; name: string }, url: string) {
  return {
    kind: verifyEmailKind,
    to: user.email,
    userId: user.id,
    subject: 'Confirm your email for Tickerwise',
    body: (footer) => (
      <Message
        preview="One click to confirm your address."
        heading="Confirm your email address"
        footer={footer}
        action={{ label: 'Confirm my email', url }}
        note="The link works for 24 hours. If you did not sign up for Tickerwise, ignore this email."
      >
        <Paragraph>Welcome to Tickerwise, {user.name}.</Paragraph>
        <Paragraph>
          Confirm that this address is yours, so that we know our emails reach you. Everything works
          already while you do.
        </Paragraph>
      </Message>
    ),
  } satisfies Email;
}

export const verifyEmail = emailTemplate('verify-email', verifyEmailMessage);

/** The confirmation that an account is deleted, to the address it had. */
export const accountDeletedKind: MailKind = {
  name: 'account-deleted',
  essential: true,
  perRecipient: { max: 3, windowSeconds: hour },
};

function accountDeletedMessage(closed: { email: string; name: string }, at: Date) {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  return {
    kind: accountDeletedKind,
    to: closed.email,
    subject: 'Your Tickerwise account is deleted',
    body: (footer) => (
      <Message
        preview="Your account and its data are gone."
        heading="Your account is deleted"
        footer={footer}
        note={`If you did not delete it, tell us at once: ${footer.publicUrl}/support`}
      >
        <Paragraph>Hello {closed.name},</Paragraph>
        <Paragraph>
          Your Tickerwise account was deleted on {when}. Your watchlists, alerts, portfolios and API
          keys are gone, and any paid subscription has ended. Payment records the law asks us to
          keep no longer name you.
        </Paragraph>
        <Paragraph>Thank you for using Tickerwise. You are welcome back at any time.</Paragraph>
      </Message>
    ),
  } satisfies Email;
}

export const accountDeletedEmail = emailTemplate('account-deleted', accountDeletedMessage);
