// Alert emails, the watchlist digest and Settings > Notifications.
export { registerAlertMail } from './register-alert-mail.ts';
