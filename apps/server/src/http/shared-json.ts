import { type BodyEncoding, EncodedBody } from './encoded-body.ts';

/**
 * One serialised answer shared by every caller for a short time. For data that is the same for
 * every user (the stocks list), this turns thousands of identical JSON serialisations a second
 * into one; concurrent callers while it is being built share that one build. It is kept as
 * UTF-8 bytes and in each encoding once asked for (`EncodedBody`).
 */
export class SharedJson {
  private body: EncodedBody | undefined;
  private expiresAt = 0;
  private pending: Promise<EncodedBody> | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The shared answer while it is fresh, without waiting, in `encoding` if given (else plain
   * UTF-8); undefined when it must be built.
   */
  fresh(encoding?: BodyEncoding): Buffer | undefined {
    return this.now() < this.expiresAt ? this.body?.in(encoding) : undefined;
  }

  async get(load: () => Promise<unknown>, encoding?: BodyEncoding): Promise<Buffer> {
    const fresh = this.fresh(encoding);
    if (fresh !== undefined) return fresh;
    this.pending ??= load()
      .then((value) => {
        const body = EncodedBody.json(value);
        this.body = body;
        this.expiresAt = this.now() + this.ttlMs;
        return body;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return (await this.pending).in(encoding);
  }
}
