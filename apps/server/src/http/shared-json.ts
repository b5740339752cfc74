/**
 * One serialised answer shared by every caller for a short time. For data that is the same for
 * every user (the stocks list), this turns thousands of identical JSON serialisations a second
 * into one; concurrent callers while it is being built share that one build.
 */
export class SharedJson {
  private body: string | undefined;
  private expiresAt = 0;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(load: () => Promise<unknown>): Promise<string> {
    if (this.body !== undefined && this.now() < this.expiresAt) return this.body;
    this.pending ??= load()
      .then((value) => {
        this.body = JSON.stringify(value);
        this.expiresAt = this.now() + this.ttlMs;
        return this.body;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}
