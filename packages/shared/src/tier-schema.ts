import { z } from 'zod';
import { subscriptionTiers } from './tiers.ts';

/**
 * A subscription tier in a request or an answer. Apart from plans.ts, which every public page
 * reads for the catalogue without loading zod (ADR 77).
 */
export const subscriptionTierSchema = z.enum(subscriptionTiers);
