import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';

/**
 * Shows why a form submit failed: the server's per-field
 * messages under their fields (same rules as the form's), and returns the message for the red
 * box above the button: the server's (a 429 says how long to wait), else `fallback`.
 */
export function showSubmitError<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  error: unknown,
  fallback: string,
): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  if (error instanceof ApiRequestError) {
    const values = form.getValues();
    for (const [field, message] of Object.entries(error.fields)) {
      if (field in values) form.setError(field as Path<Values>, { message });
    }
  }
  return error.message;
}
