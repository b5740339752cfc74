import { createHash, randomBytes } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new code: 16 characters (80 random bits) in groups of four, e.g. `7K2M-QX9D-4HRT-B3WN`. */
export function newInvitationCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += alphabet[(value >> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/**
 * The code as stored (hashed): case, spaces and dashes do not matter, and the letters people
 * confuse with digits read as those digits (Crockford's rule).
 */
export function invitationCodeHash(typed: string): string {
  const normalised = typed
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return createHash('sha256').update(normalised).digest('hex');
}
