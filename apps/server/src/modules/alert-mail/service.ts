// Alert emails, the watchlist digest and Settings > Notifications.
export { type AlertMail, registerAlertMail } from './register-alert-mail.ts';
