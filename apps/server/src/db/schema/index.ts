/** Every table of the app. Each module owns its file; drizzle-kit reads this barrel. */

export * from './alerts.ts';
export * from './analysis.ts';
export * from './api-keys.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './community.ts';
export * from './community-moderation.ts';
export * from './community-social.ts';
export * from './email.ts';
export * from './email-changes.ts';
export * from './email-preferences.ts';
export * from './integrations.ts';
export * from './invitations.ts';
export * from './jobs.ts';
export * from './learn.ts';
export * from './limits.ts';
export * from './market.ts';
export * from './notifications.ts';
export * from './portfolio.ts';
export * from './profiles.ts';
export * from './screener.ts';
export * from './sign-in-security.ts';
export * from './usage.ts';
export * from './watchlists.ts';
