import {
  type PaidTier,
  planFor,
  type Receipt,
  receiptLines,
  type SubscriptionTier,
  settingsPath,
} from '@tickerwise/shared';
import { formatCents } from '@tickerwise/shared/exact-money';
import type { BillingNotice } from '../billing/service.ts';
import { Message, Paragraph } from './layout.tsx';
import type { Email } from './mailer.ts';
import type { MailKind } from './outbox.ts';
import { emailTemplate } from './template.ts';

/**
 * Receipts and messages about a subscription: essential (no unsubscribe), one per payment or
 * change, so the limit only stops a fault from flooding an inbox.
 */
export const billingKind: MailKind = {
  name: 'billing',
  essential: true,
  perRecipient: { max: 20, windowSeconds: 3600 },
};

interface Holder {
  id: string;
  name: string;
  email: string;
}

const day = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

function billingEmail(
  holder: Holder,
  subject: string,
  body: Email['body'],
): Email & { userId: string } {
  return { kind: billingKind, to: holder.email, userId: holder.id, subject, body };
}

const billingUrl = (publicUrl: string) => `${publicUrl}${settingsPath('billing')}`;

/** After each payment taken: the receipt itself, every line of it. */
function receiptMessage(holder: Holder, receipt: Receipt, publicUrl: string) {
  const amount = formatCents(receipt.amountCents, receipt.currency);
  return billingEmail(holder, `Your Tickerwise receipt ${receipt.number}`, (footer) => (
    <Message
      preview={`${amount} for ${planFor(receipt.tier).name}. Thank you.`}
      heading={`Receipt ${receipt.number}`}
      footer={footer}
      action={{ label: 'See your receipts', url: billingUrl(publicUrl) }}
      note="Keep this email for your records. Every receipt can be printed from Settings, Plan and billing."
    >
      <Paragraph>Hello {holder.name}, thank you for your payment.</Paragraph>
      {receiptLines(receipt).map((line) => (
        <Paragraph key={line.label}>
          {line.label}: {line.value}
        </Paragraph>
      ))}
      <Paragraph>Paid to Tickerwise, {publicUrl}</Paragraph>
    </Message>
  ));
}

export const receiptEmail = emailTemplate('receipt', receiptMessage);

/** A move to Free or Alpha at the end of the period was chosen. */
function planChangeScheduledMessage(
  holder: Holder,
  change: { from: PaidTier; to: SubscriptionTier; on: Date },
  publicUrl: string,
) {
  const from = planFor(change.from).name;
  const to = planFor(change.to).name;
  return billingEmail(
    holder,
    `Your Tickerwise plan changes to ${to} on ${day(change.on)}`,
    (footer) => (
      <Message
        preview={`You keep ${from} until ${day(change.on)}.`}
        heading={`Your plan changes to ${to}`}
        footer={footer}
        action={{ label: 'Review your plan', url: billingUrl(publicUrl) }}
        note="Changed your mind? Keep your plan from Settings, Plan and billing before that day."
      >
        <Paragraph>Hello {holder.name},</Paragraph>
        <Paragraph>
          Your {from} plan does not renew. You keep everything in {from} until {day(change.on)}.
          From then on you are on {to}, and nothing more is charged.
        </Paragraph>
      </Message>
    ),
  );
}

export const planChangeScheduledEmail = emailTemplate(
  'plan-change-scheduled',
  planChangeScheduledMessage,
);

/** A renewal payment was refused. */
function renewalFailedMessage(
  holder: Holder,
  payment: { tier: PaidTier; amountCents: number; currency: string },
  publicUrl: string,
) {
  const plan = planFor(payment.tier).name;
  return billingEmail(holder, `We could not renew your Tickerwise ${plan} plan`, (footer) => (
    <Message
      preview="Your card was declined. Your plan stays on while we try again."
      heading="Your renewal payment failed"
      footer={footer}
      action={{ label: 'Check your plan', url: billingUrl(publicUrl) }}
      note="If every attempt fails, the subscription ends and your account moves to Free."
    >
      <Paragraph>Hello {holder.name},</Paragraph>
      <Paragraph>
        We could not take {formatCents(payment.amountCents, payment.currency)} for another month of{' '}
        {plan}: the card was declined. Your plan stays on meanwhile, and the card is tried again
        over the next few days. Make sure the card can pay, or use another one.
      </Paragraph>
    </Message>
  ));
}

export const renewalFailedEmail = emailTemplate('renewal-failed', renewalFailedMessage);

/** A subscription ended: scheduled, cancelled at the payment system, or after failed payments. */
function subscriptionEndedMessage(
  holder: Holder,
  ended: { tier: PaidTier; now: SubscriptionTier; on: Date },
  publicUrl: string,
) {
  const plan = planFor(ended.tier).name;
  const now = planFor(ended.now).name;
  return billingEmail(holder, `Your Tickerwise ${plan} subscription is cancelled`, (footer) => (
    <Message
      preview={`You are on ${now} now. Nothing more is charged.`}
      heading={`Your ${plan} subscription is cancelled`}
      footer={footer}
      action={{ label: 'See the plans', url: `${publicUrl}/pricing` }}
      note="Your watchlists, alerts and portfolios stay; what your plan no longer includes is paused."
    >
      <Paragraph>Hello {holder.name},</Paragraph>
      <Paragraph>
        Your {plan} subscription ended on {day(ended.on)} and nothing more is charged. Your account
        is on {now} now. You can subscribe again at any time.
      </Paragraph>
    </Message>
  ));
}

export const subscriptionEndedEmail = emailTemplate('subscription-ended', subscriptionEndedMessage);

/** The message of a billing event (`modules/billing/notices.ts`). */
export function billingNoticeEmail(notice: BillingNotice, publicUrl: string): Email {
  switch (notice.kind) {
    case 'receipt':
      return receiptEmail(notice.holder, notice.receipt, publicUrl);
    case 'plan-change-scheduled':
      return planChangeScheduledEmail(notice.holder, notice.change, publicUrl);
    case 'renewal-failed':
      return renewalFailedEmail(notice.holder, notice.payment, publicUrl);
    case 'subscription-ended':
      return subscriptionEndedEmail(notice.holder, notice.ended, publicUrl);
  }
}
