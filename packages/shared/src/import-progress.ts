import { z } from 'zod';

/**
 * How far a running import (or its preview) has come, for the import dialog's progress bar:
 * the file's rows read, the ledger checked with them, then the rows saved.
 */
export const importStages = ['reading', 'checking', 'saving'] as const;
export type ImportStage = (typeof importStages)[number];

export const importProgressSchema = z.object({
  stage: z.enum(importStages),
  /** Rows (or transactions) done in this stage, out of `total`. */
  done: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

/** `GET /api/portfolios/:id/imports/progress`: null when none of the user's imports runs. */
export const importProgressResponseSchema = z.object({
  progress: importProgressSchema.nullable(),
});
export type ImportProgressResponse = z.infer<typeof importProgressResponseSchema>;

/** What the stages are called in the dialog. */
export const importStageLabels: Record<ImportStage, string> = {
  reading: 'Reading rows',
  checking: 'Checking the ledger',
  saving: 'Saving transactions',
};
