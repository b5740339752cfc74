// The email module's surface for templates: what a message of another module needs to be
// drawn. Kept light (React Email, no database, no server), as the render workers load it.
export { Message, Paragraph } from './layout.tsx';
export type { Email } from './mailer.ts';
export type { MailKind } from './outbox.ts';
export { emailTemplate } from './template.ts';
