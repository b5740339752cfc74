// Compiles content/learn into dist/learn.json, which the production server loads at start.
// Fails, naming every problem, on a lesson without a quiz, a broken glossary link or a
// "Try it" step that opens no route. Usage: npm run learn:compile (part of npm run build).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ContentError } from '../src/modules/learn/compile.ts';
import { compiledContentFile, compileRepositoryContent } from '../src/modules/learn/content.ts';

try {
  const content = compileRepositoryContent();
  mkdirSync(dirname(compiledContentFile), { recursive: true });
  writeFileSync(compiledContentFile, JSON.stringify(content));
  const lessons = content.courses.reduce((sum, course) => sum + course.lessons.length, 0);
  console.log(
    `learn: ${content.courses.length} courses, ${lessons} lessons -> ${compiledContentFile}`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
