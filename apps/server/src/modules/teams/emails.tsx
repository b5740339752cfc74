import { type MemberRole, paths, teamInvitationDays, teamRoleLabels } from '@tickerwise/shared';
import { type Email, emailTemplate, type MailKind, Message, Paragraph } from '../email/index.ts';

/**
 * An invitation to a team: essential (it is a link a person asked to be sent, with no list to
 * leave), and a few a day per address, whoever invites, so nobody is flooded with them.
 */
export const teamInvitationKind: MailKind = {
  name: 'team-invitation',
  essential: true,
  perRecipient: { max: 5, windowSeconds: 24 * 3600 },
};

export interface InvitationLetter {
  to: string;
  teamName: string;
  inviterName: string;
  role: MemberRole;
  token: string;
}

/** The link that opens the team page with the invitation, for the signed-in invitee to accept. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${paths.dashboardTeam}?invite=${encodeURIComponent(token)}`;
}

function teamInvitationMessage(letter: InvitationLetter, publicUrl: string): Email {
  const url = invitationUrl(publicUrl, letter.token);
  return {
    kind: teamInvitationKind,
    to: letter.to,
    subject: `${letter.inviterName} invited you to ${letter.teamName} on Tickerwise`,
    body: (footer) => (
      <Message
        preview={`Join ${letter.teamName} as ${teamRoleLabels[letter.role]}.`}
        heading={`Join ${letter.teamName}`}
        footer={footer}
        action={{ label: 'Open the invitation', url }}
        note={`The link works once, for ${teamInvitationDays} days, for ${letter.to} only. If you do not know ${letter.inviterName}, ignore this email: nothing happens.`}
      >
        <Paragraph>
          {letter.inviterName} invited you to the team {letter.teamName} on Tickerwise as{' '}
          {teamRoleLabels[letter.role]}. The team shares watchlists; your own things stay yours.
        </Paragraph>
        <Paragraph>
          Sign in with {letter.to}, or make an account with that address, and accept the invitation.
        </Paragraph>
      </Message>
    ),
  };
}

export const teamInvitationEmail = emailTemplate('team-invitation', teamInvitationMessage);
