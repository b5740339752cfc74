/**
 * Chooses among ways of saying the same thing, deterministically: the same facts always read
 * the same, different facts read differently. Each slot hashes the facts' hash with its own
 * name, so the choices of two sentences do not move together.
 */
export class Phrasing {
  constructor(private readonly seed: string) {}

  pick<T>(slot: string, options: readonly T[]): T {
    if (options.length === 0) throw new Error(`no options for ${slot}`);
    return options[fnv1a(`${this.seed}:${slot}`) % options.length] as T;
  }
}

/** 32-bit FNV-1a: small, fast and well spread for short strings. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
