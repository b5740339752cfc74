import { ApiRequestError } from '../../lib/api-client.ts';

export interface SubmitError {
  /** Shown in the red box above the button. */
  message: string;
  /** Per-field messages from the server's validation (same rules as the form's). */
  fields: Record<string, string>;
}

/**
 * What a failed sign-in or sign-up tells the user (SPEC.md error catalogue): the server's
 * message (a 429 says how long to wait), else the given fallback.
 */
export function submitError(error: unknown, fallback: string): SubmitError {
  if (error instanceof ApiRequestError) return { message: error.message, fields: error.fields };
  if (error instanceof Error && error.message) return { message: error.message, fields: {} };
  return { message: fallback, fields: {} };
}
