export declare const sleep: (ms: number) => Promise<void>;

export interface ProductionServer {
  readonly url: string;
  readonly dataDir: string;
  readonly pid: number | undefined;
  start(): Promise<string>;
  stop(): Promise<void>;
  cleanUp(): void;
}

export declare function prepareProductionServer(
  name: string,
  options?: { env?: Record<string, string>; startTimeoutMs?: number },
): Promise<ProductionServer>;

export declare function percentile(sorted: readonly number[], p: number): number;
