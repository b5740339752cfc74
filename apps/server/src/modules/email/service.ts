// The email module's surface for the app: registering it, and the messages other modules send.
export { accountDeletedEmail, passwordResetEmail, verifyEmail } from './account-emails.tsx';
export {
  billingNoticeEmail,
  planChangeScheduledEmail,
  receiptEmail,
  renewalFailedEmail,
  subscriptionEndedEmail,
} from './billing-emails.tsx';
export {
  confirmEmailChangeEmail,
  emailChangedNoticeEmail,
  emailChangeTakenEmail,
} from './email-change-emails.tsx';
export { Message, Paragraph } from './layout.tsx';
export type { Email, Mailer } from './mailer.ts';
export type { MailKind, Outbox } from './outbox.ts';
export { type Mail, registerEmail } from './register-email.ts';
export type { RenderWorkerEntry } from './render-pool.ts';
export { newDeviceEmail, signInCodeEmail, twoFactorChangedEmail } from './security-emails.tsx';
export { verificationRoutes } from './verification-routes.ts';
