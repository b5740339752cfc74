import { z } from 'zod';
import type { Entitlements } from './entitlements.ts';
import { subscriptionTierSchema } from './tier-schema.ts';

/** What a plan may do (the entitlements table), as the API sends it. */
export const entitlementsSchema = z.object({
  aiCallsPerDay: z.number().int(),
  modelCallsPerDay: z.number().int(),
  customAlerts: z.number().int(),
  watchlists: z.number().int(),
  watchlistSymbols: z.number().int(),
  savedScreens: z.number().int(),
  portfolios: z.number().int(),
  transactionsPerPortfolio: z.number().int(),
  transactionsPerAccount: z.number().int(),
  apiAccess: z.boolean(),
  marketData: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('realtime') }),
    z.object({ kind: z.literal('delayed'), delayMinutes: z.number().int() }),
  ]),
  courses: z.number().int().nullable(),
  postsPerMonth: z.number().int().nullable(),
  repliesPerMonth: z.number().int().nullable(),
  prioritySupport: z.boolean(),
  integrations: z.boolean(),
  teamManagement: z.boolean(),
  teamSeats: z.number().int(),
  earlyAccess: z.boolean(),
}) satisfies z.ZodType<Entitlements>;

/** One quota this period: e.g. AI calls today, 3 used of 50, until midnight UTC. */
export const quotaUsageSchema = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0),
  /** When the count starts again from 0 (ISO 8601, UTC). */
  resetsAt: z.iso.datetime(),
});
export type QuotaUsage = z.infer<typeof quotaUsageSchema>;

/** `GET /api/me/usage`: the user's plan, what it allows, and how much of each quota is used. */
export const usageSummarySchema = z.object({
  tier: subscriptionTierSchema,
  entitlements: entitlementsSchema,
  quotas: z.object({ aiCalls: quotaUsageSchema, modelCalls: quotaUsageSchema }),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;
