import { resolve } from 'node:path';

/** What the chunking pass tells about a module (rolldown's `ModuleInfo`, the part read here). */
interface ModuleGraph {
  getModuleInfo(id: string): {
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

/**
 * Libraries that one or two screens use and that weigh more than the rest of a screen: they
 * stay in chunks of their own, loaded only by the screens that draw a chart, take a card,
 * reorder a list or show a QR code.
 */
const ownChunkLibraries =
  /[\\/]node_modules[\\/](chart\.js|react-chartjs-2|@kurkle|@stripe|@dnd-kit|qrcode|lightweight-charts|fancy-canvas)[\\/]/;

/** Every module reachable from `roots` (dynamic imports too unless `staticOnly`), except `stop`. */
function reachable(
  graph: ModuleGraph,
  roots: readonly string[],
  { staticOnly, stop }: { staticOnly: boolean; stop?: string },
): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id) || id === stop) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    queue.push(...info.importedIds);
    if (!staticOnly) queue.push(...info.dynamicallyImportedIds);
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
 * public page loads with itself (its chunk, the public
 * entry and what they import, so a visitor's page loads what it did before, ADR 77) and the
 * app's entry with the route table (`main.tsx`, which a public page loads on its first move
 * elsewhere). Our code that a public page may load later (a feature page's live example) stays
 * out of `signed-in` too; a library it may load later (TanStack Query for a subscriber's
 * billing on the pricing page, zod) comes with `signed-in-vendor`.
 */
export function signedInChunkGroups() {
  let pageLoads: Set<string> | undefined;
  let publicCode: Set<string> | undefined;
  const excluded = (id: string, graph: ModuleGraph, { later }: { later: boolean }) => {
    if (ownChunkLibraries.test(id) || id.startsWith('\0')) return true;
    // A module loaded with `import()` (a screen, a chart) keeps its own chunk.
    if (graph.getModuleInfo(id)?.dynamicImporters.length) return true;
    if (!pageLoads) {
      const pages = graph.getModuleInfo(publicPages)?.dynamicallyImportedIds ?? [];
      pageLoads = new Set([
        ...reachable(graph, [bootEntry, publicEntry, ...pages], { staticOnly: true }),
        ...reachable(graph, [appEntry], { staticOnly: true }),
      ]);
      publicCode = reachable(graph, [bootEntry, publicEntry], {
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
