// The regression gate: another commit's server (A) beside this working tree's (B), the core
// benchmarks run alternately A, B, A, B on one machine in one sitting, each figure printed for
// both with their ratio. How to read it: bench/README.md.
// Run: npm run bench:compare -- <git-ref> [--rounds 2] [--benches stocks,search,...]
//      [--short] [--gate] [--clean]
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { repositoryRoot } from '@tickerwise/testkit';
import { buildBenchServer, makeDataTemplate } from '../support/bench-app.ts';
import type { BenchFigures, Figure } from '../support/figures.ts';

interface Bench {
  name: string;
  /** The command line (from this checkout) measuring checkout `root`. */
  args(root: string): string[];
  env: Record<string, string>;
  /** Needs `npm run build` (the web app) in both checkouts. */
  needsBuild?: boolean;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '2' },
    benches: { type: 'string' },
    short: { type: 'boolean', default: false },
    gate: { type: 'boolean', default: false },
    clean: { type: 'boolean', default: false },
  },
});
const ref = positionals[0];
if (!ref) {
  console.error(
    'usage: npm run bench:compare -- <git-ref> [--rounds N] [--benches a,b] [--short] [--gate]',
  );
  process.exit(2);
}
const rounds = Number(values.rounds);
const short = values.short;
const tsx =
  (script: string, ...rest: string[]) =>
  (root: string) => [
    '--import',
    'tsx',
    join(repositoryRoot, script),
    '--target',
    root,
    '--json',
    ...rest,
  ];

const allBenches: Bench[] = [
  {
    name: 'stocks',
    args: tsx('bench/stocks-throughput/main.ts'),
    env: short
      ? { BENCH_SECONDS: '2', BENCH_ROUNDS: '1', BENCH_WARMUP_SECONDS: '1' }
      : { BENCH_SECONDS: '5', BENCH_ROUNDS: '2' },
  },
  {
    name: 'search',
    args: tsx('bench/symbol-search/main.ts'),
    env: { BENCH_SEARCHES: short ? '2000' : '10000' },
  },
  {
    name: 'api-v1',
    args: tsx('bench/api-v1/main.ts'),
    env: short
      ? { BENCH_SECONDS: '2', BENCH_ROUNDS: '1', BENCH_WARMUP_SECONDS: '1' }
      : { BENCH_SECONDS: '5', BENCH_ROUNDS: '1' },
  },
  {
    name: 'analysis',
    args: tsx('bench/analysis/compute.ts'),
    env: { BENCH_RUNS: short ? '500' : '2000' },
  },
  {
    name: 'portfolio',
    args: tsx('bench/portfolio/main.ts', '--holdings-only'),
    env: { BENCH_ROUNDS: short ? '100' : '300' },
  },
  {
    name: 'landing',
    args: (root) => [
      join(repositoryRoot, 'bench/landing/run.mjs'),
      '--target',
      root,
      '--json',
      '--runs',
      '3',
    ],
    env: {},
    needsBuild: true,
  },
  {
    name: 'dashboard',
    args: (root) => [
      join(repositoryRoot, 'bench/landing/run.mjs'),
      '--target',
      root,
      '--json',
      '--runs',
      '3',
      '--path',
      '/dashboard',
      '--signed-in',
    ],
    env: {},
    needsBuild: true,
  },
];
const chosen = values.benches?.split(',') ?? allBenches.map((bench) => bench.name);
const unknown = chosen.filter((name) => !allBenches.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown benches: ${unknown.join(', ')} (${allBenches.map((b) => b.name).join(', ')})`,
  );
  process.exit(2);
}
const benches = allBenches.filter((bench) => chosen.includes(bench.name));

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: repositoryRoot, encoding: 'utf8' }).trim();

let sha: string;
try {
  sha = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
} catch {
  console.log(`bench:compare: skipped, ${ref} is not in this clone's history`);
  process.exit(0);
}
const short12 = sha.slice(0, 12);
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const head = git('rev-parse', '--short=12', 'HEAD');
const labelB = `working tree (${head}${dirty ? ' + changes' : ''})`;

/**
 * The node_modules of checkout `from` seen from `to` when their lockfiles are the same: every
 * package a link to `from`'s, except the workspace packages, which stay `to`'s own.
 */
function linkNodeModules(from: string, to: string) {
  const folders = [
    '.',
    ...['apps', 'packages'].flatMap((group) =>
      existsSync(join(from, group))
        ? readdirSync(join(from, group)).map((name) => join(group, name))
        : [],
    ),
    'e2e',
  ];
  for (const folder of folders) {
    const source = join(from, folder, 'node_modules');
    const target = join(to, folder, 'node_modules');
    if (!existsSync(source) || !existsSync(join(to, folder)) || existsSync(target)) continue;
    mkdirSync(target);
    for (const entry of readdirSync(source)) {
      if (entry === '@tickerwise') {
        mkdirSync(join(target, entry));
        for (const workspace of readdirSync(join(source, entry))) {
          // A relative link (../../packages/shared): the same words point into `to`.
          symlinkSync(readlinkSync(join(source, entry, workspace)), join(target, entry, workspace));
        }
      } else {
        symlinkSync(join(source, entry), join(target, entry));
      }
    }
  }
}

function run(command: string, args: string[], cwd: string) {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
}

/** The worktree of `sha`, made ready to run: dependencies installed, built when asked. */
function prepareA(build: boolean): string {
  const folder = join(tmpdir(), `tickerwise-compare-${short12}`);
  if (!existsSync(join(folder, '.git'))) {
    rmSync(folder, { recursive: true, force: true });
    git('worktree', 'prune');
    git('worktree', 'add', '--detach', folder, sha);
  }
  if (!existsSync(join(folder, 'node_modules'))) {
    const sameLock =
      readFileSync(join(folder, 'package-lock.json'), 'utf8') ===
      readFileSync(join(repositoryRoot, 'package-lock.json'), 'utf8');
    if (sameLock) {
      console.log(`A: lockfile as this checkout's: its node_modules linked`);
      linkNodeModules(repositoryRoot, folder);
    } else {
      console.log(`A: another lockfile: npm ci in ${folder}`);
      run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], folder);
    }
  }
  const built = join(folder, '.bench-compare-built');
  if (build && !existsSync(built)) {
    console.log(`A: npm run build in ${folder}`);
    run('npm', ['run', 'build', '--silent'], folder);
    writeFileSync(built, sha);
  }
  return folder;
}

/** One benchmark run; its figures, or the reason it gave none. */
function measure(
  bench: Bench,
  root: string,
  bundle: string,
  dataTemplate: string,
): Promise<BenchFigures | { error: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, bench.args(root), {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        ...bench.env,
        BENCH_SERVER_BUNDLE: bundle,
        BENCH_DATA_TEMPLATE: dataTemplate,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        done(JSON.parse(last) as BenchFigures);
      } catch {
        done({
          error: `${bench.name} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
        });
      }
    });
  });
}

const needsBuild = benches.some((bench) => bench.needsBuild);
const folderA = prepareA(needsBuild);
if (needsBuild) {
  console.log('B: npm run build');
  run('npm', ['run', 'build', '--silent'], repositoryRoot);
}

// The bench server of each side, bundled once for all runs.
const bundles = {
  a: await buildBenchServer(folderA, join(folderA, 'apps/server/dist/bench-compare/main.js')),
  b: await buildBenchServer(
    repositoryRoot,
    join(repositoryRoot, 'apps/server/dist', `bench-compare-${process.pid}`, 'main.js'),
  ),
};
process.once('exit', () => rmSync(dirname(bundles.b), { recursive: true, force: true }));
// And its migrated database, made once: each run's server starts on a copy of it instead of
// creating and migrating a new one (bench-app.ts, BENCH_DATA_TEMPLATE).
const templates = mkdtempSync(join(tmpdir(), 'tickerwise-compare-data-'));
process.once('exit', () => rmSync(templates, { recursive: true, force: true }));
const dataTemplates = {
  a: await makeDataTemplate(folderA, bundles.a, join(templates, 'a')),
  b: await makeDataTemplate(repositoryRoot, bundles.b, join(templates, 'b')),
};

interface Row {
  bench: string;
  figure: Figure;
  a: (number | null)[];
  b: (number | null)[];
}
const rows: Row[] = [];
const failures: string[] = [];
const started = performance.now();
console.log(
  `bench:compare: A = ${ref} (${short12}), B = ${labelB}; ${rounds} rounds of each bench, A then B`,
);
const rowsByBench = new Map<string, Map<string, Row>>();
/** Rounds `from` to `from + count - 1` of one bench; `bFirst` measures B before A in each. */
async function measureRounds(bench: Bench, from: number, count: number, bFirst = false) {
  let benchRows = rowsByBench.get(bench.name);
  if (!benchRows) {
    benchRows = new Map<string, Row>();
    rowsByBench.set(bench.name, benchRows);
  }
  const sides = [
    ['a', folderA],
    ['b', repositoryRoot],
  ] as const;
  for (let round = from; round < from + count; round += 1) {
    for (const [side, root] of bFirst ? [sides[1], sides[0]] : sides) {
      const result = await measure(bench, root, bundles[side], dataTemplates[side]);
      if ('error' in result) {
        failures.push(`${side.toUpperCase()} round ${round + 1}: ${result.error}`);
        console.log(`  ${side.toUpperCase()} ${bench.name} round ${round + 1}: ${result.error}`);
        continue;
      }
      for (const figure of result.figures) {
        let row = benchRows.get(figure.name);
        if (!row) {
          row = { bench: result.bench, figure, a: [], b: [] };
          benchRows.set(figure.name, row);
          rows.push(row);
        }
        row[side][round] = figure.value;
      }
      console.log(
        `  ${side.toUpperCase()} ${bench.name} round ${round + 1}: ${result.figures
          .map((figure) => `${figure.name} ${format(figure.value)}`)
          .join(', ')}`,
      );
    }
  }
}
for (const bench of benches) await measureRounds(bench, 0, rounds);

function format(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-US');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}
/** Every round's value in order, `—` where that run gave none. */
const eachRound = (list: (number | null)[]) =>
  Array.from({ length: totalRounds }, (_, round) => format(list[round])).join(' / ');
const known = (list: (number | null)[]) =>
  list.filter((value): value is number => typeof value === 'number' && !Number.isNaN(value));
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;

/** Whether round `round` of a gated row crossed its threshold; null when a side gave nothing. */
function crossedIn(row: Row, round: number): boolean | null {
  const a = row.a[round];
  const b = row.b[round];
  if (typeof a !== 'number' || typeof b !== 'number' || a === 0) return null;
  return row.figure.gate === 'throughput' ? b / a < 0.8 : b / a > 1.5 && b - a > 2;
}
const gateWords = (row: Row) =>
  row.figure.gate === 'throughput'
    ? `${row.bench}: ${row.figure.name} fell below 0.8x of A`
    : `${row.bench}: ${row.figure.name} grew past 1.5x of A`;

/** The first rounds' verdict on a row: a message when two rounds in a row crossed its threshold. */
function gateVerdict(row: Row): string | null {
  if (!row.figure.gate) return null;
  let streak = 0;
  for (let round = 0; round < rounds; round += 1) {
    const crossed = crossedIn(row, round) === true;
    streak = crossed ? streak + 1 : 0;
    if (streak >= 2 || (rounds === 1 && crossed)) return `${gateWords(row)} in two rounds in a row`;
  }
  return null;
}

// A shared machine can slow one side for a minute (CI's own last steps, another job): a bench
// the first rounds refuse is measured again, B first this time, and the gate refuses it only
// when the slowdown holds in most of those rounds too. A real regression shows in every round.
const confirmRounds = 3;
const confirmed = new Map<Row, string>();
if (values.gate) {
  for (const bench of benches) {
    const suspects = [...(rowsByBench.get(bench.name)?.values() ?? [])].filter(
      (row) => gateVerdict(row) !== null,
    );
    if (suspects.length === 0) continue;
    console.log(
      `  ${bench.name}: ${suspects.map(gateVerdict).join('; ')}; measuring ${confirmRounds} rounds more, B first`,
    );
    await measureRounds(bench, rounds, confirmRounds, true);
    for (const row of suspects) {
      const crossings = Array.from({ length: confirmRounds }, (_, index) =>
        crossedIn(row, rounds + index),
      ).filter((crossed) => crossed === true).length;
      if (crossings * 2 > confirmRounds) {
        confirmed.set(
          row,
          `${gateWords(row)} in two rounds in a row and in ${crossings} of ${confirmRounds} rounds more`,
        );
      } else {
        console.log(
          `  ${bench.name}: ${row.figure.name} held in ${confirmRounds - crossings} of ${confirmRounds} rounds more (noise, not counted)`,
        );
      }
    }
  }
}
const totalRounds = Math.max(rounds, ...rows.map((row) => Math.max(row.a.length, row.b.length)));

console.log('');
console.log(`| Figure | A: ${ref} | B: ${labelB} | B/A |`);
console.log('|---|---:|---:|---:|');
const verdicts: string[] = [];
for (const row of rows) {
  // Over the rounds both sides measured, so that a failed run leaves no one-sided mean.
  const paired = Array.from({ length: totalRounds }, (_, round) => round).filter(
    (round) => known([row.a[round] ?? null, row.b[round] ?? null]).length === 2,
  );
  const a = known(paired.map((round) => row.a[round]!));
  const b = known(paired.map((round) => row.b[round]!));
  const ratio = a.length > 0 && mean(a) !== 0 ? mean(b) / mean(a) : null;
  const verdict = values.gate ? (confirmed.get(row) ?? null) : gateVerdict(row);
  if (verdict) verdicts.push(verdict);
  const unit = `${row.figure.unit}, ${row.figure.better} is better`;
  console.log(
    `| ${row.bench}: ${row.figure.name} (${unit}) | ${eachRound(row.a)} | ${eachRound(row.b)} | ${format(ratio)}${verdict ? ' ✗' : ''} |`,
  );
}
console.log('');
console.log(
  `bench:compare took ${((performance.now() - started) / 1000).toFixed(0)} s of measuring`,
);
if (values.clean) {
  // Node's rm does not follow the linked node_modules into this checkout.
  rmSync(folderA, { recursive: true, force: true });
  git('worktree', 'prune');
} else {
  console.log(`A's worktree stays for the next comparison: ${folderA} (--clean removes it)`);
}
const failedB = failures.filter((failure) => failure.startsWith('B'));
if (values.gate) {
  for (const failure of failures.filter((failure) => failure.startsWith('A'))) {
    console.log(`gate: A gave no figures (not counted): ${failure}`);
  }
  if (verdicts.length > 0 || failedB.length > 0) {
    for (const line of [...verdicts, ...failedB]) console.log(`gate: FAIL ${line}`);
    process.exit(1);
  }
  console.log(
    'gate: pass (no throughput below 0.8x, no p99 past 1.5x, in two rounds in a row and then in most of three rounds more)',
  );
}
