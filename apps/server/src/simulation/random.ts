/** FNV-1a: a stable 32-bit seed from text. */
export function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** mulberry32: a small, fast PRNG; the same seed gives the same stream. */
export function randomStream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box-Muller) from a uniform stream. */
export function normalFrom(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * Standard normal draws from a uniform stream, both halves of each Box-Muller pair used: half
 * the logarithms and roots of `normalFrom`, which matters when a series draws millions.
 */
export function normalStream(random: () => number): () => number {
  let spare = 0;
  let hasSpare = false;
  return () => {
    if (hasSpare) {
      hasSpare = false;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(Math.max(random(), Number.EPSILON)));
    const angle = 2 * Math.PI * random();
    spare = radius * Math.sin(angle);
    hasSpare = true;
    return radius * Math.cos(angle);
  };
}

/** A standard normal draw within ±`limit`: draws beyond it are drawn again. */
export function boundedNormalFrom(random: () => number, limit: number): number {
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const value = normalFrom(random);
    if (Math.abs(value) <= limit) return value;
  }
  return 0;
}
