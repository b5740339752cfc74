import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ConfirmTwoFactorInput,
  type RecoveryCodes,
  recoveryCodesSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const twoFactorKey = ['me', 'two-factor'] as const;

/** `GET /api/me/two-factor`: on or off, since when, recovery codes left. */
export async function getTwoFactor(): Promise<TwoFactorStatus> {
  return twoFactorStatusSchema.parse(await apiRequest<unknown>('/api/me/two-factor'));
}

export function useTwoFactor() {
  return useQuery(queryOptions({ queryKey: twoFactorKey, queryFn: getTwoFactor }));
}

/** Starts the setup: the secret (as an `otpauth://` address) and ten recovery codes. */
export async function startTwoFactor(password: string): Promise<TwoFactorSetup> {
  return twoFactorSetupSchema.parse(
    await apiRequest<unknown>('/api/auth/two-factor/enable', { body: { password } }),
  );
}

/** The first code from the app turns it on (this device continues on a new session). */
export async function confirmTwoFactor(code: string): Promise<void> {
  await apiRequest('/api/auth/two-factor/verify-totp', { body: { code } });
}

export async function disableTwoFactor(input: ConfirmTwoFactorInput): Promise<void> {
  await apiRequest('/api/auth/two-factor/disable', { body: input });
}

/** Ten new recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(input: ConfirmTwoFactorInput): Promise<RecoveryCodes> {
  return recoveryCodesSchema.parse(
    await apiRequest<unknown>('/api/auth/two-factor/generate-backup-codes', { body: input }),
  );
}
