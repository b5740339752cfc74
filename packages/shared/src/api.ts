import { z } from 'zod';
import { subscriptionTierSchema } from './plans.ts';

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

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['ok', 'down']),
});
export type Health = z.infer<typeof healthSchema>;
