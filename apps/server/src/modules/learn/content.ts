import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledLearnContent, comingSoonPaths, paths } from '@tickerwise/shared';
import { serverRoot } from '../../package-root.ts';
import { compileLearnContent, readGlossaryTerms } from './compile.ts';

const repositoryRoot = join(serverRoot, '..', '..');
/** Where the courses are written: one folder per course. */
export const learnContentDir = join(repositoryRoot, 'content', 'learn');
/** The glossary the lessons link to. */
export const glossaryFile = join(
  repositoryRoot,
  'apps',
  'web',
  'src',
  'features',
  'guides',
  'content',
  'glossary.ts',
);
/** What `npm run build` writes beside the server's bundle (dist/main.js). */
export const compiledContentFile = join(serverRoot, 'dist', 'learn.json');
/**
 * Where the running server looks for it: beside its own code. The bundle of `npm run build`
 * finds dist/learn.json; another bundle (the e2e run's, a benchmark's) or the source finds
 * none and compiles the folder.
 */
const compiledBesideCode = join(dirname(fileURLToPath(import.meta.url)), 'learn.json');

/** The paths the web app routes, which a lesson's "Try it" may open. */
export function routedPaths(): string[] {
  const soon = new Set<string>(comingSoonPaths);
  return [...Object.values(paths).filter((path) => !soon.has(path)), `${paths.stocks}/:symbol`];
}

/** Compiles the repository's content folder (the build, the tests, a development server). */
export function compileRepositoryContent(dir = learnContentDir): CompiledLearnContent {
  // A server installed without the content folder serves no courses.
  if (!existsSync(dir)) return { version: 1, courses: [] };
  return compileLearnContent({
    dir,
    glossaryTerms: readGlossaryTerms(glossaryFile),
    routes: routedPaths(),
  });
}

/**
 * The content the server serves, read once at start: the build's compiled file when the
 * server runs from that build, otherwise compiled from the content folder now. A broken lesson
 * stops the start, naming it.
 */
export function loadLearnContent(): CompiledLearnContent {
  if (existsSync(compiledBesideCode)) {
    return JSON.parse(readFileSync(compiledBesideCode, 'utf8')) as CompiledLearnContent;
  }
  return compileRepositoryContent();
}
