// Alert emails, the watchlist digest and Settings > Notifications.

export { alertMailDataPart } from './alert-mail-data.ts';
export { registerAlertMail } from './register-alert-mail.ts';
