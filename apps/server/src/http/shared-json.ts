/**
 * One serialised answer shared by every caller for a short time. For data that is the same for
 * every user (the stocks list), this turns thousands of identical JSON serialisations a second
 * into one; concurrent callers while it is being built share that one build.
 *
 * The answer is kept as UTF-8 bytes, not as a string: a string body is encoded again for every
 * response it is written to (and, joined to the headers, copied once more), which for a list of
 * a few kilobytes costs more than the rest of the request.
 */
export class SharedJson {
  private body: Buffer | undefined;
  private expiresAt = 0;
  private pending: Promise<Buffer> | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The shared answer while it is fresh, without waiting; undefined when it must be built. */
  fresh(): Buffer | undefined {
    return this.now() < this.expiresAt ? this.body : undefined;
  }

  async get(load: () => Promise<unknown>): Promise<Buffer> {
    const fresh = this.fresh();
    if (fresh !== undefined) return fresh;
    this.pending ??= load()
      .then((value) => {
        this.body = Buffer.from(JSON.stringify(value));
        this.expiresAt = this.now() + this.ttlMs;
        return this.body;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}
