export declare const sleep: (ms: number) => Promise<void>;

export interface ProductionServer {
  readonly url: string;
  readonly dataDir: string;
  readonly pid: number | undefined;
  start(): Promise<string>;
  stop(): Promise<void>;
  cleanUp(): void;
  /** The last of the server's output (a failed run shows it). */
  output(): string;
}

export declare function prepareProductionServer(
  name: string,
  options?: { env?: Record<string, string>; startTimeoutMs?: number },
): Promise<ProductionServer>;

/** The nearest-rank percentile of ascending samples; `p` is a percentage (99 for p99), unlike
 * bench-app.ts's `percentile`, which takes a share (0.99). */
export declare function percentile(sorted: readonly number[], p: number): number;
