import { z } from 'zod';

/** A code from an authenticator app: 6 digits (RFC 6238, 30-second steps). */
export const authenticatorCodePattern = /^\d{6}$/;
/** A recovery code as shown once: ten letters and digits, split by a dash. */
export const recoveryCodePattern = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/**
 * What a user types as a second factor: 6 digits from the app, or one of the recovery codes
 * (spaces taken out, the dash put back if it was left out).
 */
export const secondFactorCodeSchema = z
  .string({ error: 'Please enter the code' })
  .max(40, 'Enter the 6-digit code from your app, or a recovery code')
  .transform((value) => {
    const compact = value.replace(/\s+/g, '');
    return /^[A-Za-z0-9]{10}$/.test(compact) && !authenticatorCodePattern.test(compact)
      ? `${compact.slice(0, 5)}-${compact.slice(5)}`
      : compact;
  })
  .pipe(
    z
      .string()
      .min(1, 'Please enter the code')
      .refine(
        (value) => authenticatorCodePattern.test(value) || recoveryCodePattern.test(value),
        'Enter the 6-digit code from your app, or a recovery code',
      ),
  );

/** Whether a (normalised) second-factor code is a recovery code rather than an app's code. */
export function isRecoveryCode(code: string): boolean {
  return recoveryCodePattern.test(code);
}

const passwordField = z
  .string({ error: 'Please enter your password' })
  .min(1, 'Please enter your password')
  .max(128, 'Password must be at most 128 characters');

/** `POST /api/auth/two-factor/enable`: the password starts the setup. */
export const enableTwoFactorSchema = z.strictObject({ password: passwordField });
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorSchema>;

/** What starting the setup answers: the authenticator's `otpauth://` address and the codes. */
export const twoFactorSetupSchema = z.object({
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The browser's time zone (IANA name), sent with a sign-in for the times in notices. */
const timeZoneField = z.string().max(64).optional();

/** `POST /api/auth/two-factor/verify-totp`: a code from the app, at setup or at sign-in. */
export const authenticatorCodeSchema = z.strictObject({
  code: z
    .string({ error: 'Please enter the 6-digit code' })
    .trim()
    .regex(authenticatorCodePattern, 'Enter the 6 digits your app shows'),
  timeZone: timeZoneField,
});

/** `POST /api/auth/two-factor/verify-backup-code`: a recovery code at sign-in. */
export const recoveryCodeSchema = z.strictObject({
  code: secondFactorCodeSchema.refine(isRecoveryCode, 'Enter a recovery code, like abcde-12345'),
  timeZone: timeZoneField,
});

/**
 * Turning two-factor sign-in off, and making new recovery codes: the password and a code
 * (from the app, or a recovery code).
 */
export const confirmTwoFactorSchema = z.strictObject({
  password: passwordField,
  code: secondFactorCodeSchema,
});
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** `GET /api/me/two-factor`: Settings, Security. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** When it was turned on (ISO time), if it is. */
  enabledAt: z.string().nullable(),
  /** Recovery codes not used yet (0 when off). */
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST /api/auth/two-factor/generate-backup-codes`: ten new codes, shown once. */
export const recoveryCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** What `POST /api/auth/sign-in/email` answers when the account asks for a second factor. */
export const secondStepSchema = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()),
});

/** How many recovery codes a user gets (docs/PRODUCT.md §3.19). */
export const recoveryCodeCount = 10;
