export * from './api.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './format.ts';
export * from './market.ts';
export * from './notifications.ts';
export * from './plans.ts';
export * from './routes.ts';
