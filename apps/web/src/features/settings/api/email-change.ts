import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ChangeEmailInput,
  type EmailChangeStatus,
  emailChangeStatusSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export const emailChangeKey = ['me', 'email-change'] as const;

/** `GET /api/me/email-change`: the address, and a change waiting for its link. */
async function getEmailChange(): Promise<EmailChangeStatus> {
  return emailChangeStatusSchema.parse(await apiRequest<unknown>('/api/me/email-change'));
}

export function useEmailChange() {
  return useQuery(queryOptions({ queryKey: emailChangeKey, queryFn: getEmailChange }));
}

/** `POST /api/me/email-change`: sends the confirmation link to the new address. */
export async function requestEmailChange(input: ChangeEmailInput): Promise<EmailChangeStatus> {
  return emailChangeStatusSchema.parse(
    await apiRequest<unknown>('/api/me/email-change', { body: input }),
  );
}

/** `DELETE /api/me/email-change`: the waiting link stops working. */
export async function cancelEmailChange(): Promise<void> {
  await apiRequest('/api/me/email-change', { method: 'DELETE' });
}
