export declare const clockMs: () => number;

export declare function benchAddress(net: number, index: number): string;

export declare function signUpBenchAccount(
  url: string,
  index: number,
  options: {
    prefix: string;
    plan: 'free' | 'pro' | 'enterprise' | 'alpha';
    net: number;
    /** Needed with Alpha Tester, which is by invitation (testkit's `inviteCodes`). */
    invitationCode?: string | undefined;
  },
): Promise<{ cookie: string; id: string }>;

export interface EventStream {
  /** The stream's live-prices name, when the server gave the tab live prices. */
  readonly streamId: string | undefined;
  /** When each chunk carrying an event arrived (`clockMs`). */
  readonly arrivals: number[];
  events(fromMs?: number, toMs?: number): { arrived: number; event: Record<string, unknown> }[];
  close(): void;
}

export declare function openEventStream(
  url: string,
  cookie: string,
  options?: { address?: string; keepText?: boolean; live?: boolean },
): Promise<EventStream>;

export declare function rssMiB(pid: number): number;

export declare function cpuSeconds(pid: number): number;
