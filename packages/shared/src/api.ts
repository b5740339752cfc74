import { z } from 'zod';
import { dataSourceSchema } from './company.ts';
import { subscriptionTierSchema } from './tier-schema.ts';

/** The one error shape every 4xx/5xx answer of `/api` uses. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** `upgrade_required`: the cheapest plan that allows what was asked. */
    requiredTier: subscriptionTierSchema.optional(),
    /** `quota_exceeded`: when the quota starts again (ISO 8601, UTC). */
    resetsAt: z.iso.datetime().optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** How the market data feed stands (`GET /api/health`), for operators and status pages. */
export const marketHealthSchema = z.object({
  source: dataSourceSchema,
  /** The market data's clock (a simulated market may be set to run at another time). */
  time: z.iso.datetime(),
  /** The provider's live trade stream: `off` when this provider or instance has none. */
  stream: z.enum(['connected', 'connecting', 'off']),
  /** Symbols the trade stream carries now, and at most. */
  streamedSymbols: z.number().int().nonnegative(),
  streamSymbolLimit: z.number().int().nonnegative(),
  /** Upstream calls made in the last minute, and how many the provider allows (null: no limit). */
  callsLastMinute: z.number().int().nonnegative(),
  callsPerMinute: z.number().int().positive().nullable(),
  /** Symbols someone is looking at, follows or holds now. */
  demandedSymbols: z.number().int().nonnegative(),
  /** Age of the oldest quote among them, in seconds (null: none demanded or none fetched yet). */
  stalestDemandedQuoteSeconds: z.number().nonnegative().nullable(),
});
export type MarketHealth = z.infer<typeof marketHealthSchema>;

/** The email outbox (`GET /api/health`): a growing backlog means mail is not going out. */
export const mailHealthSchema = z.object({
  /** Messages waiting to be sent. */
  backlog: z.number().int().nonnegative(),
  /** How long the oldest waiting message has waited, in seconds (null: none waiting). */
  oldestWaitingSeconds: z.number().nonnegative().nullable(),
});
export type MailHealth = z.infer<typeof mailHealthSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
  market: marketHealthSchema.optional(),
  mail: mailHealthSchema.optional(),
});
export type Health = z.infer<typeof healthSchema>;
