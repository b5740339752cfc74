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
 * Seeded draws for long series, made in bulk: mulberry32 as `randomStream`, and both halves
 * of each Box-Muller pair used (half the logarithms and roots of `normalFrom`). Filling
 * arrays in one tight loop keeps a series of millions of draws free of calls and garbage.
 */
export class Draws {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** `count` uniform draws in [0, 1). */
  uniforms(count: number): Float64Array {
    const values = new Float64Array(count);
    for (let index = 0; index < count; index += 1) values[index] = this.uniform();
    return values;
  }

  /** `count` standard normal draws. */
  normals(count: number): Float64Array {
    const values = new Float64Array(count);
    for (let index = 0; index < count; index += 2) {
      const radius = Math.sqrt(-2 * Math.log(Math.max(this.uniform(), Number.EPSILON)));
      const angle = 2 * Math.PI * this.uniform();
      values[index] = radius * Math.cos(angle);
      if (index + 1 < count) values[index + 1] = radius * Math.sin(angle);
    }
    return values;
  }

  private uniform(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/** A standard normal draw within ±`limit`: draws beyond it are drawn again. */
export function boundedNormalFrom(random: () => number, limit: number): number {
  for (let attempt = 0; attempt < 32; attempt += 1) {
    const value = normalFrom(random);
    if (Math.abs(value) <= limit) return value;
  }
  return 0;
}
