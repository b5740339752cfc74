/** The base32 secret of an authenticator's `otpauth://` address, or '' if it has none. */
export function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** The secret in groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

/** The recovery codes as a file to keep: what they are, when they were made, one a line. */
export function recoveryCodesText(codes: string[], email: string, made: Date): string {
  return [
    `Tickerwise recovery codes for ${email}`,
    `Made ${made.toISOString().slice(0, 16).replace('T', ' at ')} UTC. Each code works once.`,
    'Use one when you cannot use your authenticator app. Keep this file somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}
