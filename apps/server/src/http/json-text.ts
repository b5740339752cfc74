import { Readable } from 'node:stream';

/** Time the writer may hold the event loop before the others get a turn. */
const sliceMs = 4;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** `JSON.stringify(value, null, 2)`, piece by piece: arrays and plain objects item by item. */
function* pieces(value: unknown, depth: number): Generator<string> {
  const inner = '  '.repeat(depth + 1);
  const outer = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    yield '[\n';
    for (let index = 0; index < value.length; index += 1) {
      yield inner;
      const item = value[index];
      if (item === undefined || typeof item === 'function') yield 'null';
      else yield* pieces(item, depth + 1);
      yield index < value.length - 1 ? ',\n' : '\n';
    }
    yield `${outer}]`;
    return;
  }
  if (isPlain(value) && typeof value.toJSON !== 'function') {
    const entries = Object.entries(value).filter(
      ([, item]) => item !== undefined && typeof item !== 'function',
    );
    if (entries.length === 0) {
      yield '{}';
      return;
    }
    yield '{\n';
    for (const [index, [key, item]] of entries.entries()) {
      yield `${inner}${JSON.stringify(key)}: `;
      yield* pieces(item, depth + 1);
      yield index < entries.length - 1 ? ',\n' : '\n';
    }
    yield `${outer}}`;
    return;
  }
  yield (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${outer}`);
}

/**
 * A large JSON document as a stream, written as `JSON.stringify(value, null, 2)` would and
 * ended with a newline, in slices that give way to other requests between them (a user's
 * data export can hold a hundred thousand transactions).
 */
export function jsonStream(value: unknown): Readable {
  async function* slices(): AsyncGenerator<string> {
    let text: string[] = [];
    let started = performance.now();
    for (const piece of pieces(value, 0)) {
      text.push(piece);
      if (performance.now() - started >= sliceMs) {
        yield text.join('');
        text = [];
        await new Promise<void>((resolve) => setImmediate(resolve));
        started = performance.now();
      }
    }
    text.push('\n');
    yield text.join('');
  }
  return Readable.from(slices());
}
