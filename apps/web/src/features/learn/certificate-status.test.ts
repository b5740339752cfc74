import type { PublicCertificate } from '@tickerwise/shared';
import { describe, expect, it } from 'vitest';
import { formatIssueDate, statusNotice } from './certificate-status.ts';

const certificate: PublicCertificate = {
  id: '9b2f6c1e-0000-4000-8000-000000000001',
  courseId: 'first-steps',
  courseTitle: 'First steps',
  displayName: 'Ada Lovelace',
  issuedAt: '2026-11-26T23:30:00.000Z',
  status: 'verified',
  revokedAt: null,
  issuer: 'Tickerwise',
  signature: 'sig',
  publicKey: 'key',
  payload: '{}',
};

describe('a certificate’s status', () => {
  it('says verified, revoked with its date, or warns when the signature fails', () => {
    expect(statusNotice(certificate)).toMatchObject({
      tone: 'verified',
      title: 'Verified: issued by Tickerwise',
    });
    expect(
      statusNotice({ ...certificate, status: 'revoked', revokedAt: '2026-12-01T10:00:00.000Z' }),
    ).toMatchObject({ tone: 'revoked', detail: expect.stringContaining('December 1, 2026') });
    const invalid = statusNotice({ ...certificate, status: 'invalid' });
    expect(invalid.tone).toBe('warning');
    expect(invalid.title).toMatch(/could not be verified/);
  });

  it('dates it by the UTC day it was issued, wherever it is read', () => {
    expect(formatIssueDate(certificate.issuedAt)).toBe('November 26, 2026');
  });
});
