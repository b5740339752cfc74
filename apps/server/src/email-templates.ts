// Every email template, by name: what a render worker can draw (`modules/email/render-pool.ts`).
// A builder made with `emailTemplate` belongs here. The template files are imported themselves,
// not through their modules' service.ts, so that a worker loads React Email and the templates
// only (no database, no server).
import { alertEmail, watchlistDigestEmail } from './modules/alert-mail/emails.tsx';
import {
  accountDeletedEmail,
  passwordResetEmail,
  verifyEmail,
} from './modules/email/account-emails.tsx';
import {
  planChangeScheduledEmail,
  receiptEmail,
  renewalFailedEmail,
  subscriptionEndedEmail,
} from './modules/email/billing-emails.tsx';
import {
  confirmEmailChangeEmail,
  emailChangedNoticeEmail,
  emailChangeTakenEmail,
} from './modules/email/email-change-emails.tsx';
import { emailTemplateList } from './modules/email/render-worker.ts';
import {
  newDeviceEmail,
  signInCodeEmail,
  twoFactorChangedEmail,
} from './modules/email/security-emails.tsx';
import { destinationDisabledEmail } from './modules/integrations/emails.tsx';
import { supportReplyEmail } from './modules/support/emails.tsx';
import { teamInvitationEmail } from './modules/teams/emails.tsx';

export const emailTemplates = emailTemplateList([
  passwordResetEmail,
  verifyEmail,
  accountDeletedEmail,
  confirmEmailChangeEmail,
  emailChangeTakenEmail,
  emailChangedNoticeEmail,
  twoFactorChangedEmail,
  newDeviceEmail,
  signInCodeEmail,
  receiptEmail,
  planChangeScheduledEmail,
  renewalFailedEmail,
  subscriptionEndedEmail,
  alertEmail,
  watchlistDigestEmail,
  destinationDisabledEmail,
  teamInvitationEmail,
  supportReplyEmail,
]);
