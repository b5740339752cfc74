// What a benchmark measured, for people and for `npm run bench:compare`: with `--json` on the
// command line the human lines go to stderr and the last line on stdout is the figures as JSON.

export interface Figure {
  name: string;
  /** null: the measured checkout has no such route or module. */
  value: number | null;
  unit: string;
  better: 'higher' | 'lower';
  /** The regression gate's threshold kind (bench/README.md); none for context figures. */
  gate?: 'throughput' | 'p99';
}

export interface BenchFigures {
  bench: string;
  figures: Figure[];
}

export const jsonOutput = process.argv.includes('--json');

/** One human line: stdout, or stderr when stdout carries the figures. */
export function say(line: string): void {
  (jsonOutput ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Writes the figures as the last line on stdout when `--json` was given. */
export function emitFigures(bench: string, figures: Figure[]): void {
  if (jsonOutput) process.stdout.write(`${JSON.stringify({ bench, figures })}\n`);
}
