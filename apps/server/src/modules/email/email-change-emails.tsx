import { emailChangeConfirmHours, emailChangeUndoDays } from '@tickerwise/shared';
import { Message, Paragraph } from './layout.tsx';
import type { Email } from './mailer.ts';
import type { MailKind } from './outbox.ts';
import { emailTemplate } from './template.ts';

const hour = 3600;

/** Everything about a change of address: a few an hour per address, whoever asks. */
export const emailChangeKind: MailKind = {
  name: 'email-change',
  essential: true,
  perRecipient: { max: 3, windowSeconds: hour },
};

interface Holder {
  id: string;
  name: string;
}

/** To the new address: the link that makes it the account's address. */
function confirmEmailChangeMessage(holder: Holder, newEmail: string, url: string) {
  return {
    kind: emailChangeKind,
    to: newEmail,
    userId: holder.id,
    subject: 'Confirm your new email for Tickerwise',
    body: (footer) => (
      <Message
        preview="One click makes this your sign-in address."
        heading="Confirm your new email address"
        footer={footer}
        action={{ label: 'Use this address', url }}
        note={`The link works once, for ${emailChangeConfirmHours} hours. If you did not ask for it, ignore this email: nothing changes.`}
      >
        <Paragraph>Hello {holder.name},</Paragraph>
        <Paragraph>
          You asked to sign in to Tickerwise with {newEmail} from now on. Until you confirm, your
          account keeps its current address.
        </Paragraph>
      </Message>
    ),
  } satisfies Email;
}

export const confirmEmailChangeEmail = emailTemplate(
  'confirm-email-change',
  confirmEmailChangeMessage,
);

/**
 * To the new address when another account already uses it: nothing changes, and only the
 * holder of this inbox learns why (the request was answered as any other).
 */
function emailChangeTakenMessage(newEmail: string) {
  return {
    kind: emailChangeKind,
    to: newEmail,
    subject: 'Your Tickerwise email was not changed',
    body: (footer) => (
      <Message
        preview="This address already belongs to a Tickerwise account."
        heading="This address already has an account"
        footer={footer}
        note="If you did not ask for this, ignore this email: nothing changed."
      >
        <Paragraph>
          Someone asked to move a Tickerwise account to {newEmail}. Another Tickerwise account
          already signs in with this address, so nothing changed.
        </Paragraph>
        <Paragraph>
          If both accounts are yours, sign in with this address, or choose another address for the
          other account.
        </Paragraph>
      </Message>
    ),
  } satisfies Email;
}

export const emailChangeTakenEmail = emailTemplate('email-change-taken', emailChangeTakenMessage);

/** To the old address once the change is confirmed: what happened, and the way back. */
function emailChangedNoticeMessage(
  holder: Holder,
  change: { oldEmail: string; newEmail: string; undoUrl: string; undoBy: Date },
) {
  const until = `${change.undoBy.toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
  return {
    kind: emailChangeKind,
    to: change.oldEmail,
    userId: holder.id,
    subject: 'Your Tickerwise email was changed',
    body: (footer) => (
      <Message
        preview={`Your account now signs in with ${change.newEmail}.`}
        heading="Your email address was changed"
        footer={footer}
        action={{ label: 'This was not me: undo it', url: change.undoUrl }}
        note={`The link works until ${until} (${emailChangeUndoDays} days). It gives your account this address back and signs it out on every device.`}
      >
        <Paragraph>Hello {holder.name},</Paragraph>
        <Paragraph>
          Your Tickerwise account now signs in with {change.newEmail} instead of {change.oldEmail}.
          Emails about your account go there from now on.
        </Paragraph>
        <Paragraph>If you made this change, there is nothing to do.</Paragraph>
      </Message>
    ),
  } satisfies Email;
}

export const emailChangedNoticeEmail = emailTemplate(
  'email-changed-notice',
  emailChangedNoticeMessage,
);
