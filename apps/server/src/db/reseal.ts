/**
 * Re-sealing after an `AUTH_SECRET` rotation (`main.js reseal`, src/reseal.ts): each module
 * that keeps values sealed under the secret re-seals its own, inside one transaction.
 */

/** What re-sealing one kind of value did. */
export interface ResealCount {
  /** Values sealed under the old secret, now sealed under the new one. */
  resealed: number;
  /** Values that already opened with the new secret (an earlier run), left as they were. */
  current: number;
}

/** A sealed value that opens with neither secret: the whole re-seal is given up. */
export class UnopenableSealError extends Error {
  constructor(what: string) {
    super(`${what} opens with neither the old secret nor the new one`);
    this.name = 'UnopenableSealError';
  }
}

/** `open`, or undefined when the value does not open with that key. */
export async function openOrUndefined<T>(open: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await open();
  } catch {
    return undefined;
  }
}
