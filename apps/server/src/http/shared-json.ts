import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings a shared answer is also kept in, for the clients that accept them. */
export type SharedEncoding = 'br' | 'gzip';

/** One serialised answer and its encodings, each made at most once. */
interface Version {
  body: Buffer;
  encoded: Partial<Record<SharedEncoding, Buffer>>;
}

/**
 * One serialised answer shared by every caller for a short time. For data that is the same for
 * every user (the stocks list), this turns thousands of identical JSON serialisations a second
 * into one; concurrent callers while it is being built share that one build.
 *
 * The answer is kept as UTF-8 bytes, not as a string: a string body is encoded again for every
 * response it is written to (and, joined to the headers, copied once more), which for a list of
 * a few kilobytes costs more than the rest of the request. Browsers ask for it compressed, so
 * each encoding is also made once per answer, on its first request, instead of once per
 * response (compressing a few kilobytes costs several times the rest of the request).
 */
export class SharedJson {
  private version: Version | undefined;
  private expiresAt = 0;
  private pending: Promise<Version> | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The shared answer while it is fresh, without waiting, in `encoding` if given (else plain
   * UTF-8); undefined when it must be built.
   */
  fresh(encoding?: SharedEncoding): Buffer | undefined {
    const version = this.now() < this.expiresAt ? this.version : undefined;
    return version && bodyOf(version, encoding);
  }

  async get(load: () => Promise<unknown>, encoding?: SharedEncoding): Promise<Buffer> {
    const fresh = this.fresh(encoding);
    if (fresh !== undefined) return fresh;
    this.pending ??= load()
      .then((value) => {
        const version: Version = { body: Buffer.from(JSON.stringify(value)), encoded: {} };
        this.version = version;
        this.expiresAt = this.now() + this.ttlMs;
        return version;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return bodyOf(await this.pending, encoding);
  }
}

function bodyOf(version: Version, encoding: SharedEncoding | undefined): Buffer {
  if (encoding === undefined) return version.body;
  let encoded = version.encoded[encoding];
  if (!encoded) {
    encoded = encode(version.body, encoding);
    version.encoded[encoding] = encoded;
  }
  return encoded;
}

/**
 * Made once per answer and served many times, so a better ratio is worth more time than the
 * per-response compression of other answers takes (brotli 4): brotli 9 on a list of a few KB
 * takes well under a millisecond.
 */
function encode(body: Buffer, encoding: SharedEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 9 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
