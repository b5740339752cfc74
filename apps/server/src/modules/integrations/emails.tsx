import { settingsPath } from '@tickerwise/shared';
import { type Email, emailTemplate, type MailKind, Message, Paragraph } from '../email/index.ts';

/**
 * Notices about the user's integrations (a destination turned off): essential, since alerts
 * stop reaching a place the user relies on; the limit only stops a fault from flooding.
 */
export const integrationNoticeKind: MailKind = {
  name: 'integration-notices',
  essential: true,
  perRecipient: { max: 20, windowSeconds: 24 * 3600 },
};

export interface DisabledDestination {
  name: string;
  displayUrl: string;
  failingSince: Date;
  lastError: string | null;
  /** The team whose destination it is (its Owner and Admins are told), or null for one's own. */
  teamName?: string | null;
}

const day = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/**
 * A destination failed for 3 days and was turned off: what, since when, how to turn it on. A
 * team's destination tells each of the team's Owner and Admins, naming the team.
 */
function destinationDisabledMessage(
  owner: { id: string; email: string },
  destination: DisabledDestination,
  publicUrl: string,
): Email {
  const url = `${publicUrl}${settingsPath('integrations')}`;
  const team = destination.teamName ?? null;
  return {
    kind: integrationNoticeKind,
    to: owner.email,
    userId: owner.id,
    subject: team
      ? `${team}: alerts stopped going to ${destination.name}`
      : `Alerts stopped going to ${destination.name}`,
    body: (footer) => (
      <Message
        preview={`Deliveries to ${destination.name} failed for 3 days, so it is turned off.`}
        heading={
          team
            ? `${team}’s destination ${destination.name} is turned off`
            : `${destination.name} is turned off`
        }
        footer={footer}
        action={{ label: team ? 'Open the team’s integrations' : 'Open your integrations', url }}
        note={
          team
            ? `You get this as an Admin or the Owner of ${team}. The team's alerts still show in Tickerwise and, for members who chose it, by email.`
            : 'Your alerts still show in Tickerwise and, if you chose it, by email.'
        }
      >
        <Paragraph>
          Every delivery to {destination.name} ({destination.displayUrl}) has failed since{' '}
          {day(destination.failingSince)}, so we turned it off and stopped sending to it.
        </Paragraph>
        {destination.lastError ? (
          <Paragraph>The last attempt: {destination.lastError}</Paragraph>
        ) : null}
        <Paragraph>
          Once the receiving end works again, turn the destination back on in Settings, under
          Integrations{team ? `, Team destinations · ${team}` : ''}. Its delivery log shows every
          attempt, and "Send a test event" checks it.
        </Paragraph>
      </Message>
    ),
  };
}

export const destinationDisabledEmail = emailTemplate(
  'destination-disabled',
  destinationDisabledMessage,
);
