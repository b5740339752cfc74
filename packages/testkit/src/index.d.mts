/** The repository's root folder. */
export declare const repositoryRoot: string;

/** Bundles the production server into `outfile` (apps/server/scripts/build.mjs). */
export declare function buildServerBundle(outfile: string): void;

/** A port nobody listens on at 127.0.0.1 now. */
export declare function freePort(): Promise<number>;

export interface ServerProcessOptions {
  /** Arguments to node: the entry point, after any flags (`['--import', 'tsx', 'src/main.ts']`). */
  args: string[];
  cwd?: string;
  /**
   * Environment on top of this process's and of the defaults: NODE_ENV=production,
   * HOST=127.0.0.1, PORT and PUBLIC_URL of the chosen port, LOG_LEVEL=warn, no DATABASE_URL,
   * and DATA_DIR in a new temporary folder (removed on stop) unless one is given here.
   */
  env?: Record<string, string | undefined>;
  /** The port to listen on (to restart on the same one); a free one by default. */
  port?: number;
  /** How long to wait for `GET /api/health` to answer 200; 60 s by default. */
  startTimeoutMs?: number;
  /** How long `stop()` waits after SIGTERM before SIGKILL; 10 s by default. */
  stopTimeoutMs?: number;
}

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** The DATA_DIR the server uses. */
  readonly dataDir: string;
  readonly pid: number | undefined;
  /** What the server printed so far (its last 256 KB). */
  output(): string;
  /**
   * SIGTERM, then SIGKILL if it has not exited in time; removes the data folder it made.
   * Resolves to how it exited: its exit code, or the signal that ended it.
   */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * `kill -9`: no shutdown code runs. The signal is sent and a data folder it made removed at
   * once (a watchdog or a failure may call it without waiting); resolves once it has exited.
   */
  kill(): Promise<void>;
}

/**
 * Starts the server (the production bundle or the TypeScript source) in its own process on
 * 127.0.0.1 and resolves when `GET /api/health` answers 200. Throws with the server's output
 * when it exits first or is not healthy in time. A server still running when this process
 * exits is killed.
 */
export declare function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess>;

/**
 * Makes `count` invitation codes to the Alpha Tester plan with `npm run invite`, the
 * operator's command, against the server that runs on `dataDir`.
 */
export declare function inviteCodes(dataDir: string, count?: number): Promise<string[]>;
