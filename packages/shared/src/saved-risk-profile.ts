import { z } from 'zod';
import { riskBands, riskQuestions } from './risk-profile.ts';

/**
 * `PUT /api/me/risk-profile`: the risk assessment's answers, saved when the user chooses to
 * (docs/PRODUCT.md §3.29): one per question in order, each the points of the answer chosen.
 */
const notPoints = { error: 'Each answer is a whole number of points from 0 to 3' };
const notAll = { error: `Answer all ${riskQuestions.length} questions of the risk assessment` };

export const riskAnswersSchema = z.object({
  answers: z
    .array(z.number(notPoints).int(notPoints).min(0, notPoints).max(3, notPoints), notAll)
    .length(riskQuestions.length, notAll),
});
export type RiskAnswers = z.infer<typeof riskAnswersSchema>;

/** A saved risk profile: the answers, their total and band (computed by the server), and when. */
export const savedRiskProfileSchema = z.object({
  answers: z.array(z.number().int()),
  score: z.number().int(),
  band: z.enum(riskBands),
  savedAt: z.iso.datetime(),
});
export type SavedRiskProfile = z.infer<typeof savedRiskProfileSchema>;

/** `GET` and `PUT /api/me/risk-profile`: the saved profile, or null when there is none. */
export const riskProfileResponseSchema = z.object({
  riskProfile: savedRiskProfileSchema.nullable(),
});
export type RiskProfileResponse = z.infer<typeof riskProfileResponseSchema>;
