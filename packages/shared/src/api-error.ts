// Reading an `/api` answer's error without zod, for the API client every page loads: the public
// pages that read the API (the community preview, the live examples, the courses' catalogue)
// would otherwise load zod for this alone (ADR 77). `apiErrorSchema` in api.ts stays the
// contract the server writes and documents; api-error.test.ts checks both read the same.

/** What the client reads of `{ error: { code, message, fields? } }`. */
export interface ApiErrorFields {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error of an answer in the shape of `apiErrorSchema`, or null when it is not that shape. */
export function readApiError(body: unknown): ApiErrorFields | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  const { code, message, fields } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (fields === undefined) return { code, message };
  if (!isRecord(fields) || !Object.values(fields).every((value) => typeof value === 'string')) {
    return null;
  }
  return { code, message, fields: fields as Record<string, string> };
}
