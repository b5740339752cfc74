import { describe, expect, it } from 'vitest';
import { eventStreamReader } from './event-stream.ts';

describe('eventStreamReader', () => {
  it('completes events only at their blank line, across pieces', () => {
    const reader = eventStreamReader();
    expect(reader.push('event: text\ndata: {"te')).toEqual([]);
    expect(reader.push('xt":"Hello"}\n\nevent: text\r\ndata: {"text":" world"}\r\n\r\n')).toEqual([
      { event: 'text', data: { text: 'Hello' } },
      { event: 'text', data: { text: ' world' } },
    ]);
  });

  it('skips comments and events it does not know', () => {
    const reader = eventStreamReader();
    expect(
      reader.push(
        ': keep-alive\n\nevent: other\ndata: {}\n\nevent: error\ndata: {"code":"x","message":"Failed"}\n\n',
      ),
    ).toEqual([{ event: 'error', data: { code: 'x', message: 'Failed' } }]);
  });
});
