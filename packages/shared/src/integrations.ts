import { z } from 'zod';
import { teamRoleSchema } from './teams.ts';

/**
 * Alert destinations (Settings > Integrations, docs/PRODUCT.md §3.19): where an alert's firings
 * go besides the app and email. `webhook` is any https address that gets a signed JSON event
 * (Standard Webhooks); `slack` and `discord` are their incoming-webhook addresses, which get a
 * message in their own format.
 */
export const destinationKinds = ['webhook', 'slack', 'discord'] as const;
export const destinationKindSchema = z.enum(destinationKinds);
export type DestinationKind = z.infer<typeof destinationKindSchema>;

/** How many destinations one account may keep; a team may keep as many of its own. */
export const maxDestinationsPerAccount = 10;

/** The error code of a destination refused for its address (not https, not public). */
export const destinationAddressRefusedCode = 'destination_address_refused';

const destinationNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the destination a name')
  .max(60, 'A name has at most 60 characters');

/** `POST /api/integrations/destinations`. */
export const createDestinationSchema = z
  .object({
    kind: destinationKindSchema,
    name: destinationNameSchema,
    url: z
      .string()
      .trim()
      .max(2000, 'An address has at most 2,000 characters')
      .pipe(z.url({ error: 'Enter the full address, starting with https://' })),
    /** The destination belongs to the user's team (its Admins and Owner add them). */
    team: z.boolean().optional(),
  })
  .strict();
export type CreateDestinationInput = z.input<typeof createDestinationSchema>;

/** `PATCH /api/integrations/destinations/:id`: rename it, or turn it on again (or off). */
export const updateDestinationSchema = z
  .object({
    name: destinationNameSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateDestinationInput = z.input<typeof updateDestinationSchema>;

export const destinationSchema = z.object({
  id: z.string(),
  kind: destinationKindSchema,
  name: z.string(),
  /** The address with its secret parts hidden (a Slack or Discord address is its own key). */
  displayUrl: z.string(),
  enabled: z.boolean(),
  /** Why it was turned off: null, `failing` (3 days of failed deliveries) or `user`. */
  disabledReason: z.enum(['failing', 'user']).nullable(),
  /** ISO 8601 of the first failed delivery since the last one that went through, or null. */
  failingSince: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether it belongs to the user's team rather than to the user. */
  team: z.boolean(),
});
export type Destination = z.infer<typeof destinationSchema>;

/**
 * The team's destinations as a member sees them (docs/PRODUCT.md §3.26): every member reads
 * them and their logs, Editors and up choose them in alerts, Admins and the Owner manage them.
 */
export const teamDestinationsSchema = z.object({
  teamName: z.string(),
  role: teamRoleSchema,
  destinations: z.array(destinationSchema),
  /** The user may add, change, test and delete them (Admin or Owner, team not read-only). */
  canManage: z.boolean(),
  /** The user may choose them in an alert (Editor and up, team not read-only). */
  canUse: z.boolean(),
  /** Why nothing can change now (the owner's plan dropped below Enterprise), or null. */
  readOnly: z.string().nullable(),
  /** Whether the team's plan (its owner's) includes integrations. */
  included: z.boolean(),
});
export type TeamDestinations = z.infer<typeof teamDestinationsSchema>;

/** `GET /api/integrations/destinations`. */
export const destinationListSchema = z.object({
  destinations: z.array(destinationSchema),
  /** How many destinations an account may keep (and a team, of its own). */
  limit: z.number().int(),
  /** Whether the plan includes integrations (Enterprise and Alpha Tester). */
  included: z.boolean(),
  /** The team's destinations, when the user is in a team. */
  team: teamDestinationsSchema.nullable(),
});
export type DestinationList = z.infer<typeof destinationListSchema>;

/** `POST /api/integrations/destinations`: the signing secret is shown this once. */
export const createdDestinationSchema = z.object({
  destination: destinationSchema,
  /** `whsec_...` for a webhook (Standard Webhooks); null for Slack and Discord. */
  secret: z.string().nullable(),
});
export type CreatedDestination = z.infer<typeof createdDestinationSchema>;

export const deliveryStateSchema = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** One delivery of the log: an event to one destination, with its attempts so far. */
export const deliverySchema = z.object({
  id: z.string(),
  /** The event's id, the `webhook-id` header: the same on every attempt and a resend. */
  eventId: z.string(),
  type: z.enum(['alert.fired', 'test']),
  /** What the event was about ("AAPL rose above $200.00", "Test event"). */
  summary: z.string(),
  state: deliveryStateSchema,
  attempts: z.number().int(),
  /** The HTTP status of the last answer; null when none came (a timeout, a refused address). */
  responseStatus: z.number().int().nullable(),
  /** How long the last attempt took, in milliseconds. */
  latencyMs: z.number().int().nullable(),
  /** Why the last attempt failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due (pending deliveries). */
  nextAttemptAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** `GET /api/integrations/destinations/:id/deliveries`: the newest first. */
export const deliveryListSchema = z.object({ deliveries: z.array(deliverySchema) });
export type DeliveryList = z.infer<typeof deliveryListSchema>;

/** How many deliveries the log lists. */
export const deliveryLogLimit = 50;

/** What an alert firing says, in every webhook event about it. */
export const alertFiredDataSchema = z.object({
  alertId: z.string().nullable(),
  firingId: z.string(),
  symbol: z.string(),
  /** "AAPL rose above $200.00". */
  title: z.string(),
  message: z.string(),
  /** The price, change, average or RSI that set it off; null for a rating. */
  value: z.number().nullable(),
  /** The trading day it counts for (YYYY-MM-DD, New York). */
  tradingDay: z.string(),
  firedAt: z.string(),
  /** The stock's page in Tickerwise. */
  url: z.string(),
});
export type AlertFiredData = z.infer<typeof alertFiredDataSchema>;

/**
 * The JSON body of a webhook (Standard Webhooks' payload structure: `type`, `timestamp`,
 * `data`), signed in the `webhook-signature` header.
 */
export const alertFiredEventSchema = z.object({
  type: z.literal('alert.fired'),
  /** ISO 8601 of the firing. */
  timestamp: z.string(),
  data: alertFiredDataSchema,
});
export type AlertFiredEvent = z.infer<typeof alertFiredEventSchema>;

/** "Send a test event": the same envelope, to check the receiver and its signature check. */
export const testEventSchema = z.object({
  type: z.literal('test'),
  timestamp: z.string(),
  data: z.object({ message: z.string() }),
});
export type TestEvent = z.infer<typeof testEventSchema>;

export const webhookEventSchema = z.discriminatedUnion('type', [
  alertFiredEventSchema,
  testEventSchema,
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** `PATCH /api/integrations/destinations/:id`. */
export const destinationAnswerSchema = z.object({ destination: destinationSchema });
/** "Send a test event" and "Resend": the delivery queued. */
export const deliveryAnswerSchema = z.object({ delivery: deliverySchema });
