// The email module's surface for the app: registering it, and the messages other modules send.
// Other modules' templates take what they draw with from index.ts, which the render workers load.
export { accountDeletedEmail, passwordResetEmail, verifyEmail } from './account-emails.tsx';
export { billingNoticeEmail } from './billing-emails.tsx';
export {
  confirmEmailChangeEmail,
  emailChangedNoticeEmail,
  emailChangeTakenEmail,
} from './email-change-emails.tsx';
export type { Mailer } from './mailer.ts';
export type { Outbox, QueuedEmail } from './outbox.ts';
export { type Mail, registerEmail } from './register-email.ts';
export type { RenderWorkerEntry } from './render-pool.ts';
export { newDeviceEmail, signInCodeEmail, twoFactorChangedEmail } from './security-emails.tsx';
export { verificationRoutes } from './verification-routes.ts';
