import { z } from 'zod';
import { invitationCodeSchema } from './invitations.ts';
import { subscriptionTierSchema } from './tier-schema.ts';

/** A user's full name, at sign-up and when they change it. */
export const userNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your full name')
  .min(2, 'Name must be at least 2 characters')
  .max(100, 'Name must be at most 100 characters');

/** A password a user chooses (docs/PRODUCT.md §9): at sign-up and when they change it. */
function newPasswordSchema(missing: string) {
  return z
    .string({ error: missing })
    .min(1, missing)
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters');
}

/** docs/PRODUCT.md §9; one schema for the sign-up form and the server. */
export const signUpSchema = z.object({
  name: userNameSchema,
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email')
    .pipe(z.email('Please enter a valid email address')),
  password: newPasswordSchema('Please enter a password'),
  plan: subscriptionTierSchema,
  /** Needed with the Alpha Tester plan, which is by invitation (docs/PRODUCT.md §4.1). */
  invitationCode: invitationCodeSchema.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email'),
  password: z.string().min(1, 'Please enter your password'),
  /** Past the failure ceiling, the code emailed to the address (docs/PRODUCT.md §5). */
  emailCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits from the email')
    .optional(),
  /** The browser's time zone (IANA name), for the times in sign-in notices. */
  timeZone: z.string().max(64).optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * `POST /api/auth/update-user`: what a user may change about themselves. A picture is shown
 * by browsers, so only an https address is taken (never `javascript:`, `data:` or http).
 */
export const updateUserSchema = z.strictObject({
  name: userNameSchema.optional(),
  image: z
    .url({ protocol: /^https$/, error: 'A profile picture must be an https:// address' })
    .max(2048, 'A profile picture address must be at most 2048 characters')
    .nullable()
    .optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** `GET /api/me`: the user as the app shows them (docs/PRODUCT.md §5). */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subscription_tier: subscriptionTierSchema,
});
export type Me = z.infer<typeof meSchema>;

/**
 * `POST /api/auth/change-password` (docs/PRODUCT.md §3.19): the current password proves it is
 * the account holder; every other session ends.
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Please enter your current password' })
    .min(1, 'Please enter your current password')
    .max(128, 'Password must be at most 128 characters'),
  newPassword: newPasswordSchema('Please enter a new password'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Settings, Profile: the name alone (docs/PRODUCT.md §3.19). */
export const nameFormSchema = z.object({ name: userNameSchema });
export type NameFormInput = z.infer<typeof nameFormSchema>;

/** Settings, Security: the password change form, with the new password typed twice. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    newPassword: changePasswordSchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((input) => input.confirmPassword === input.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords differ',
  });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** `POST /api/auth/sign-in/email-code`: a one-time code for a new browser past the ceiling. */
export const signInCodeRequestSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});

/** `POST /api/auth/request-password-reset` and the "Forgot password?" form. */
export const requestPasswordResetSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email')
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

/** `POST /api/auth/reset-password`: the token from the emailed link and the new password. */
export const resetPasswordSchema = z.strictObject({
  token: z.string().min(1, 'This link is incomplete').max(200, 'This link is incomplete'),
  newPassword: newPasswordSchema('Please enter a new password'),
});

/** The reset page's form: the new password typed twice. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: resetPasswordSchema.shape.newPassword,
    confirmPassword: z.string(),
  })
  .refine((input) => input.confirmPassword === input.newPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords differ',
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** `GET /api/email/verification`: whether the user's address is confirmed. */
export const emailVerificationSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

/** Seconds between two "Resend the email" of one user (docs/PRODUCT.md §5). */
export const verificationResendSeconds = 60;

/**
 * `POST /api/me/email-change` and its form in Settings, Profile: the new address and the
 * current password (docs/PRODUCT.md §3.19).
 */
export const changeEmailSchema = z.strictObject({
  newEmail: requestPasswordResetSchema.shape.email,
  password: changePasswordSchema.shape.currentPassword,
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** How long the link to the new address confirms a change of address. */
export const emailChangeConfirmHours = 24;
/** How long the old address can undo a change of address. */
export const emailChangeUndoDays = 7;

/** `GET /api/me/email-change`: a change waiting for its link, if any. */
export const emailChangeStatusSchema = z.object({
  email: z.string(),
  pending: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type EmailChangeStatus = z.infer<typeof emailChangeStatusSchema>;

/** The token of a link from an email about a change of address. */
export const emailChangeTokenSchema = z.strictObject({
  token: z.string().min(1, 'This link is incomplete').max(200, 'This link is incomplete'),
});

/** `POST /api/email-change/confirm` and `/undo`: the account's address now. */
export const emailChangeResultSchema = z.object({ email: z.string() });
export type EmailChangeResult = z.infer<typeof emailChangeResultSchema>;
