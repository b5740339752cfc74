import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What the chunking pass tells about a module (rolldown's `ModuleInfo`, the part read here). */
interface ModuleGraph {
  getModuleInfo(id: string): {
    code: string | null;
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
}

const src = resolve(import.meta.dirname, '../src');
const bootEntry = resolve(src, 'boot.ts');
const publicEntry = resolve(src, 'public-main.tsx');
/** One loader per prerendered page (ADR 77): what it imports are the pages. */
const publicPages = resolve(src, 'app/public-pages.ts');
const appEntry = resolve(src, 'main.tsx');
const sharedSource = resolve(import.meta.dirname, '../../../packages/shared/src');
/** `@tickerwise/shared`: it re-exports every module of the package. */
const sharedIndex = join(sharedSource, 'index.ts');

/**
 * Libraries that one or two screens use and that weigh more than the rest of a screen: they
 * stay in chunks of their own, loaded only by the screens that draw a chart, take a card,
 * reorder a list or show a QR code.
 */
const ownChunkLibraries =
  /[\\/]node_modules[\\/](chart\.js|react-chartjs-2|@kurkle|@stripe|@dnd-kit|qrcode|lightweight-charts|fancy-canvas)[\\/]/;

/** The names of an import or export list (`a, type B, c as d`: as the module has them). */
const listedNames = (list: string) =>
  list
    .split(',')
    .map(
      (item) =>
        item
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0] ?? '',
    )
    .filter(Boolean);

/** The modules of the shared package that export each name (a re-export counts too). */
function sharedExports(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of readdirSync(sharedSource)) {
    if (!file.endsWith('.ts') || /\.(test|d)\.ts$/.test(file) || file === 'index.ts') continue;
    const text = readFileSync(join(sharedSource, file), 'utf8');
    const names = [
      ...text.matchAll(/^export (?:async )?(?:const|let|function\*?|class|enum) ([\w$]+)/gm),
    ].map((match) => match[1] ?? '');
    for (const [, list = ''] of text.matchAll(/^export \{([^}]*)\}/gm)) {
      names.push(...listedNames(list));
    }
    for (const name of names) {
      byName.set(name, [...(byName.get(name) ?? []), join(sharedSource, file)]);
    }
  }
  return byName;
}

/**
 * The modules of the shared package whose names `code` takes from its index, or all of them
 * when that cannot be told.
 */
function sharedModulesUsedBy(code: string | null, exports: Map<string, string[]>): string[] {
  const everything = () => [...new Set([...exports.values()].flat())];
  if (!code || /(?:import|export)\s*\*[^;]*?from\s*["']@tickerwise\/shared["']/.test(code)) {
    return everything();
  }
  const lists = code.matchAll(
    /(?:import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*["']@tickerwise\/shared["']/g,
  );
  return [...lists]
    .filter(([, typeOnly]) => !typeOnly)
    .flatMap(([, , list = '']) => listedNames(list).flatMap((name) => exports.get(name) ?? []));
}

/**
 * Every module reachable from `roots` (through dynamic imports too unless `staticOnly`),
 * except `stop`. Through the shared package's index only to the modules whose names are
 * imported: bundled as free of side effects, the index brings nothing else.
 */
function reachable(
  graph: ModuleGraph,
  roots: readonly string[],
  exports: Map<string, string[]>,
  { staticOnly, stop }: { staticOnly: boolean; stop?: string },
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || id === stop) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    const imports = staticOnly
      ? info.importedIds
      : [...info.importedIds, ...info.dynamicallyImportedIds];
    for (const imported of imports) {
      if (imported === sharedIndex) queue.push(...sharedModulesUsedBy(info.code, exports));
      else queue.push(imported);
    }
  }
  return seen;
}

/**
 * The signed-in app's code in two chunks instead of a hundred: left to itself, the bundler
 * gives every set of screens that share a module a chunk of its own, and the dashboard's
 * first load fetched and ran about 100 files (the browser adding a `modulepreload` link for
 * each). Shared by two screens or more, the libraries of the signed-in screens go to
 * `signed-in-vendor` and our own code (components, hooks, the shared package's schemas) to
 * `signed-in`. Never in either: a module loaded with `import()` (a screen, a chart), what a
 * public page loads with itself (its chunk, the public entry and what they import, so a
 * visitor's page loads what it did before, ADR 77) and the app's entry with the route table
 * (`main.tsx`, which a public page loads on its first move elsewhere). Our code that a public
 * page may load later (a feature page's live example) stays out of `signed-in` too; a library
 * it may load later (TanStack Query for a subscriber's billing on the pricing page) comes with
 * `signed-in-vendor`. The build's `includeDependenciesRecursively: false` keeps a
 * group to the modules named here (React stays where the public pages load it).
 */
export function signedInChunkGroups() {
  let pageLoads: Set<string> | undefined;
  let publicCode: Set<string> | undefined;
  const excluded = (id: string, graph: ModuleGraph, { later }: { later: boolean }) => {
    if (ownChunkLibraries.test(id) || id.startsWith('\0')) return true;
    // A module loaded with `import()` (a screen, a chart) keeps its own chunk.
    if (graph.getModuleInfo(id)?.dynamicImporters.length) return true;
    if (!pageLoads) {
      const exports = sharedExports();
      const pages = graph.getModuleInfo(publicPages)?.dynamicallyImportedIds ?? [];
      pageLoads = new Set([
        ...reachable(graph, [bootEntry, publicEntry, ...pages], exports, { staticOnly: true }),
        ...reachable(graph, [appEntry], exports, { staticOnly: true }),
      ]);
      publicCode = reachable(graph, [bootEntry, publicEntry], exports, {
        staticOnly: false,
        stop: appEntry,
      });
    }
    return pageLoads.has(id) || (later && Boolean(publicCode?.has(id)));
  };
  const library = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  return [
    {
      name: (id: string, graph: ModuleGraph) =>
        library(id) && !excluded(id, graph, { later: false }) ? 'signed-in-vendor' : null,
      minShareCount: 2,
      priority: 2,
    },
    {
      name: (id: string, graph: ModuleGraph) =>
        !library(id) && !excluded(id, graph, { later: true }) ? 'signed-in' : null,
      minShareCount: 2,
      priority: 1,
    },
  ];
}
