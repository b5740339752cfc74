import { Message, Paragraph } from './layout.tsx';
import type { Email } from './mailer.ts';
import type { MailKind } from './outbox.ts';
import { emailTemplate } from './template.ts';

const hour = 3600;

interface Recipient {
  id: string;
  email: string;
  name: string;
}

/** "2026-04-01 at 09:30 UTC", and the same moment in `timeZone` when it is known. */
export function whenText(at: Date, timeZone: string | null): string {
  const utc = `${at.toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  if (!timeZone || timeZone === 'UTC' || timeZone === 'Etc/UTC') return utc;
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    local.find((item) => item.type === type)?.value ?? '';
  return `${utc} (${part('year')}-${part('month')}-${part('day')} at ${part('hour')}:${part('minute')} ${timeZone})`;
}

/** Two-factor sign-in turned on or off: essential, whoever did it must be told. */
export const twoFactorChangedKind: MailKind = {
  name: 'two-factor-changed',
  essential: true,
  perRecipient: { max: 10, windowSeconds: hour },
};

function twoFactorChangedMessage(user: Recipient, enabled: boolean, at: Date) {
  const when = whenText(at, null);
  const settings = '/dashboard/settings?tab=security';
  return {
    kind: twoFactorChangedKind,
    to: user.email,
    userId: user.id,
    subject: enabled
      ? 'Two-factor sign-in is on for your Tickerwise account'
      : 'Two-factor sign-in is off for your Tickerwise account',
    body: (footer) => (
      <Message
        preview={
          enabled
            ? 'Signing in now needs a code from your authenticator app.'
            : 'Signing in now needs your password only.'
        }
        heading={enabled ? 'Two-factor sign-in is on' : 'Two-factor sign-in is off'}
        footer={footer}
        action={{ label: 'Review your security settings', url: `${footer.publicUrl}${settings}` }}
        note={`If you did not make this change, choose a new password at once: ${footer.publicUrl}/forgot-password`}
      >
        <Paragraph>Hello {user.name},</Paragraph>
        {enabled ? (
          <Paragraph>
            Two-factor sign-in was turned on for your account on {when}. From now on, signing in
            asks for your password and a code from your authenticator app, or one of your recovery
            codes. Keep the recovery codes somewhere safe: each works once.
          </Paragraph>
        ) : (
          <Paragraph>
            Two-factor sign-in was turned off for your account on {when}. Signing in now needs your
            password only, and your recovery codes no longer work.
          </Paragraph>
        )}
      </Message>
    ),
  } satisfies Email;
}

export const twoFactorChangedEmail = emailTemplate('two-factor-changed', twoFactorChangedMessage);

/** A sign-in from a browser the account has not used: a few an hour at most. */
export const newDeviceKind: MailKind = {
  name: 'new-sign-in',
  essential: true,
  perRecipient: { max: 5, windowSeconds: hour },
};

function newDeviceMessage(
  user: Recipient,
  details: {
    browser: string | null;
    os: string | null;
    at: Date;
    timeZone: string | null;
    notMeUrl: string;
  },
) {
  const browser = details.browser ?? 'An unknown browser';
  const device = details.os ? `${browser} on ${details.os}` : browser;
  return {
    kind: newDeviceKind,
    to: user.email,
    userId: user.id,
    subject: 'New sign-in to your Tickerwise account',
    body: (footer) => (
      <Message
        preview={`${device} signed in to your account.`}
        heading="New sign-in to your account"
        footer={footer}
        action={{ label: 'This was not me', url: details.notMeUrl }}
        note="The button signs your account out on every device and revokes your API keys. It works once, for 7 days. If this was you, there is nothing to do."
      >
        <Paragraph>Hello {user.name},</Paragraph>
        <Paragraph>Your account was signed in to from a browser it had not used before:</Paragraph>
        <Paragraph>
          Browser: {browser}
          <br />
          System: {details.os ?? 'unknown'}
          <br />
          When: about {whenText(details.at, details.timeZone)}
        </Paragraph>
      </Message>
    ),
  } satisfies Email;
}

export const newDeviceEmail = emailTemplate('new-device', newDeviceMessage);

/** One-time sign-in codes: their own limit, so asking again and again sends few. */
export const signInCodeKind: MailKind = {
  name: 'sign-in-code',
  essential: true,
  perRecipient: { max: 3, windowSeconds: hour },
};

function signInCodeMessage(user: Recipient, code: string) {
  return {
    kind: signInCodeKind,
    to: user.email,
    userId: user.id,
    subject: `${code} is your Tickerwise sign-in code`,
    body: (footer) => (
      <Message
        preview="Use it with your password within 10 minutes."
        heading="Your sign-in code"
        footer={footer}
        note="The code works once, for 10 minutes. If you did not try to sign in, someone may be guessing your password: choose a new one from the sign-in page."
      >
        <Paragraph>Hello {user.name},</Paragraph>
        <Paragraph>
          Sign-ins to your account from new browsers are paused after many failed attempts. To sign
          in now, enter this code with your password:
        </Paragraph>
        <Paragraph>
          <strong style={{ fontSize: '24px', letterSpacing: '4px' }}>{code}</strong>
        </Paragraph>
      </Message>
    ),
  } satisfies Email;
}

export const signInCodeEmail = emailTemplate('sign-in-code', signInCodeMessage);
