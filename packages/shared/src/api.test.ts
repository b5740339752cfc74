import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api.ts';

describe('the API error shape', () => {
  it('accepts a code, a message and optional field messages', () => {
    expect(
      apiErrorSchema.parse({
        error: { code: 'validation_failed', message: 'Bad', fields: { email: 'Bad' } },
      }),
    ).toBeTruthy();
  });

  it('rejects a body without a message', () => {
    expect(apiErrorSchema.safeParse({ error: { code: 'x' } }).success).toBe(false);
  });
});
