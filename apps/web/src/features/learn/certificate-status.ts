import type { PublicCertificate } from '@tickerwise/shared';

const issueDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** A certificate's date as it reads everywhere: the UTC day it was issued, "November 26, 2026". */
export function formatIssueDate(iso: string): string {
  return issueDate.format(new Date(iso));
}

export interface StatusNotice {
  tone: 'verified' | 'warning' | 'revoked';
  title: string;
  detail: string;
}

/** What the public page says about the server's check of a certificate. */
export function statusNotice(certificate: PublicCertificate): StatusNotice {
  switch (certificate.status) {
    case 'verified':
      return {
        tone: 'verified',
        title: `Verified: issued by ${certificate.issuer}`,
        detail: `${certificate.issuer} checked its signature just now: the name, course and date are as issued.`,
      };
    case 'revoked':
      return {
        tone: 'revoked',
        title: 'This certificate was revoked',
        detail: `Its holder revoked it on ${formatIssueDate(certificate.revokedAt ?? certificate.issuedAt)}. It no longer stands for a completed course.`,
      };
    case 'invalid':
      return {
        tone: 'warning',
        title: 'Warning: this certificate could not be verified',
        detail: `Its signature does not match what it says: the name, course or date may have been changed since ${certificate.issuer} issued it. Do not rely on it.`,
      };
  }
}
