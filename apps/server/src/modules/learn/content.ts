import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
/** What `npm run build` writes, and a production server loads. */
export const compiledContentFile = join(serverRoot, 'dist', 'learn.json');

/** The paths the web app routes, which a lesson's "Try it" may open. */
export function routedPaths(): string[] {
  const soon = new Set<string>(comingSoonPaths);
  return [...Object.values(paths).filter((path) => !soon.has(path)), `${paths.stocks}/:symbol`];
}

/** Compiles the repository's content folder (the build, the tests, a development server). */
export function compileRepositoryContent(dir = learnContentDir): CompiledLearnContent {
  return compileLearnContent({
    dir,
    glossaryTerms: readGlossaryTerms(glossaryFile),
    routes: routedPaths(),
  });
}

/**
 * The content the server serves, read once at start: the build's compiled file in production,
 * otherwise compiled from the content folder now (a broken lesson stops the start, naming it).
 */
export function loadLearnContent(production: boolean): CompiledLearnContent {
  if (production) {
    return JSON.parse(readFileSync(compiledContentFile, 'utf8')) as CompiledLearnContent;
  }
  return compileRepositoryContent();
}
