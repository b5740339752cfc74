export * from './api.ts';
export * from './auth.ts';
export * from './plans.ts';
export * from './routes.ts';
