import { describe, expect, it } from 'vitest';
import { groupedSecret, recoveryCodesText, secretOf } from './two-factor-setup.ts';

describe('the authenticator setup', () => {
  it('reads the secret out of the otpauth address the server gives', () => {
    expect(
      secretOf(
        'otpauth://totp/Tickerwise:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tickerwise&digits=6&period=30',
      ),
    ).toBe('JBSWY3DPEHPK3PXP');
    expect(secretOf('otpauth://totp/Tickerwise:ada?issuer=Tickerwise')).toBe('');
    expect(secretOf('not an address')).toBe('');
  });

  it('groups the secret by four for typing by hand', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupedSecret('')).toBe('');
  });

  it('writes the recovery codes one a line under what they are', () => {
    const text = recoveryCodesText(
      ['abcde-12345', 'fghij-67890'],
      'ada@example.com',
      new Date('2026-04-01T09:30:00Z'),
    );
    expect(text.split('\n')).toEqual([
      'Tickerwise recovery codes for ada@example.com',
      'Made 2026-04-01 at 09:30 UTC. Each code works once.',
      'Use one when you cannot use your authenticator app. Keep this file somewhere safe.',
      '',
      'abcde-12345',
      'fghij-67890',
      '',
    ]);
  });
});
