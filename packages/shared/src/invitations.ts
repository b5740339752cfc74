import { z } from 'zod';

/**
 * An invitation code to the Alpha Tester plan (docs/PRODUCT.md §4.1): made by the operator
 * (`npm run invite`), single use, expiring. Typed by people, so read loosely: case, spaces and
 * dashes do not matter.
 */
export const invitationCodeSchema = z
  .string()
  .trim()
  .max(64, 'This invitation code is not valid. Check it and try again.');

/** How long a new invitation code lasts unless the operator says otherwise. */
export const defaultInvitationDays = 30;
/** The most codes one `npm run invite` makes. */
export const maxInvitationsAtOnce = 500;

/** `POST /api/operator/invitations` (`npm run invite -- --count N [--expires ...]`). */
export const createInvitationsSchema = z.object({
  count: z
    .number({ error: 'Count must be a whole number from 1 to 500' })
    .int('Count must be a whole number from 1 to 500')
    .min(1, 'Count must be a whole number from 1 to 500')
    .max(maxInvitationsAtOnce, 'Count must be a whole number from 1 to 500'),
  /** A number of days (`14d`) or an ISO 8601 date and time; 30 days when absent. */
  expires: z
    .string()
    .trim()
    .regex(
      /^([1-9]\d{0,2}d|\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2}))$/,
      'Expiry must be a number of days such as 14d, or an ISO 8601 date and time such as 2030-01-31T12:00:00Z',
    )
    .optional(),
});
export type CreateInvitationsInput = z.infer<typeof createInvitationsSchema>;

export const createdInvitationsSchema = z.object({
  codes: z.array(z.string()),
  expiresAt: z.string(),
});
export type CreatedInvitations = z.infer<typeof createdInvitationsSchema>;

/** The invitation code field of the sign-up and plan change forms, for the Alpha Tester plan. */
export const invitationFormSchema = z.object({
  invitationCode: invitationCodeSchema.min(1, 'Please enter your invitation code'),
});
export type InvitationFormInput = z.infer<typeof invitationFormSchema>;
