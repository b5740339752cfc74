import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { jsonStream } from './json-text.ts';

describe('a JSON document as a stream', () => {
  it('is the text JSON.stringify writes, with a newline at the end', async () => {
    const value = {
      format: 1,
      at: new Date(Date.UTC(2026, 0, 2)),
      empty: [],
      none: {},
      skipped: undefined,
      parts: {
        rows: Array.from({ length: 3_000 }, (_, index) => ({
          id: index,
          note: index % 2 ? 'line\nbreak "quoted"' : null,
          list: [1, undefined, 'x'],
          nested: { deep: [{ a: true }] },
        })),
      },
    };
    expect(await text(jsonStream(value))).toBe(`${JSON.stringify(value, null, 2)}\n`);
  });
});
