import { join } from 'node:path';
import type { CompiledCourse, CompiledLearnContent } from '@tickerwise/shared';
import { compileRepositoryContent } from '../src/modules/learn/content.ts';

/** Two small courses written for the tests (test/fixtures/learn). */
export const learnFixturesDir = join(import.meta.dirname, 'fixtures', 'learn');

let compiled: CompiledLearnContent | undefined;

/**
 * The test courses, compiled once per test process, and `extra` more copies of the second with
 * their own ids (`course-3`, `course-3-lesson-1`...), for the plan's course allowance.
 */
export function testLearnContent(extra = 3): CompiledLearnContent {
  compiled ??= compileRepositoryContent(learnFixturesDir);
  const template = compiled.courses[1]!;
  const copies: CompiledCourse[] = Array.from({ length: extra }, (_, n) => {
    const id = `course-${n + 3}`;
    return {
      ...template,
      id,
      title: `Course ${n + 3}`,
      order: n + 3,
      lessons: template.lessons.map((lesson, index) => ({
        ...lesson,
        id: `${id}-lesson-${index + 1}`,
        courseId: id,
      })),
    };
  });
  return { version: 1, courses: [...compiled.courses, ...copies] };
}
