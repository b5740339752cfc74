import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api.ts';
import { readApiError } from './api-error.ts';

const answers: unknown[] = [
  { error: { code: 'validation_failed', message: 'Bad', fields: { email: 'Bad' } } },
  { error: { code: 'not_found', message: 'No such stock' } },
  { error: { code: 'not_found', message: 'No such stock', extra: 1 } },
  { error: { code: 'x', message: 'y', fields: { email: 3 } } },
  { error: { code: 'x', message: 'y', fields: ['a'] } },
  { error: { code: 'x', message: 'y', fields: null } },
  { error: { code: 3, message: 'y' } },
  { error: { code: 'x' } },
  { error: 'x' },
  { error: null },
  { message: 'Bad' },
  [],
  'Bad',
  null,
  undefined,
];

describe('reading an API error without zod', () => {
  it.each(answers.map((answer) => [JSON.stringify(answer) ?? 'undefined', answer]))(
    'reads %s as apiErrorSchema does',
    (_name, answer) => {
      const parsed = apiErrorSchema.safeParse(answer);
      const expected = parsed.success
        ? {
            code: parsed.data.error.code,
            message: parsed.data.error.message,
            ...(parsed.data.error.fields ? { fields: parsed.data.error.fields } : {}),
          }
        : null;
      expect(readApiError(answer)).toEqual(expected);
    },
  );
});
