import { describe, expect, it } from 'vitest';
import { isSafeNotificationLink, publishNotificationSchema } from './notifications.ts';

describe('notification links', () => {
  it('allow app paths and http(s) addresses', () => {
    for (const link of [
      '/dashboard',
      '/dashboard/investments/stocks/AAPL?tab=chart#top',
      'https://example.com/changelog',
      'http://127.0.0.1:3000/pricing',
    ]) {
      expect(isSafeNotificationLink(link), link).toBe(true);
    }
  });

  it('refuse script, other schemes, protocol-relative and look-alike addresses', () => {
    for (const link of [
      'javascript:alert(1)',
      'data:text/html,<script>',
      '//evil.example',
      '/\\evil.example',
      'https://user@evil.example',
      'https://',
      'dashboard',
      '/dash board',
    ]) {
      expect(isSafeNotificationLink(link), link).toBe(false);
    }
  });
});

describe('publishing input', () => {
  it('trims the texts and leaves out what was not given', () => {
    expect(publishNotificationSchema.parse({ title: '  Hi ', message: ' There ' })).toEqual({
      title: 'Hi',
      message: 'There',
    });
  });
});
