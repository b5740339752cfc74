// Alert destinations (webhooks, Slack, Discord), their deliveries and Settings > Integrations.

export { recordAlertDeliveries } from './deliveries.ts';
export { checkOwnedDestinations } from './destinations.ts';
export { integrationsDataPart } from './integrations-data.ts';
export { registerIntegrations } from './register-integrations.ts';
export { resealDestinations } from './reseal-destinations.ts';
