import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  learnCertificates,
  learnCourseStarts,
  learnLessonCompletions,
  learnQuizAttempts,
} from '../../db/schema/index.ts';
import { type UserDataPart, userRows } from '../../user-data/user-data.ts';

/** The user's learning in the data export: courses started, lessons completed, every attempt. */
export function learnDataPart(db: Db): UserDataPart {
  return {
    name: 'learning',
    tables: [learnCourseStarts, learnLessonCompletions, learnQuizAttempts, learnCertificates],
    async collect(userId) {
      const [courses, lessons, attempts, certificates] = await Promise.all([
        userRows(
          db,
          {
            courseId: learnCourseStarts.courseId,
            startedAt: learnCourseStarts.startedAt,
            completedAt: learnCourseStarts.completedAt,
          },
          learnCourseStarts.userId,
          userId,
          asc(learnCourseStarts.startedAt),
        ),
        userRows(
          db,
          {
            courseId: learnLessonCompletions.courseId,
            lessonId: learnLessonCompletions.lessonId,
            completedAt: learnLessonCompletions.completedAt,
          },
          learnLessonCompletions.userId,
          userId,
          asc(learnLessonCompletions.completedAt),
        ),
        userRows(
          db,
          {
            lessonId: learnQuizAttempts.lessonId,
            number: learnQuizAttempts.number,
            correct: learnQuizAttempts.correct,
            total: learnQuizAttempts.total,
            passed: learnQuizAttempts.passed,
            answers: learnQuizAttempts.answers,
            submittedAt: learnQuizAttempts.submittedAt,
          },
          learnQuizAttempts.userId,
          userId,
          asc(learnQuizAttempts.submittedAt),
        ),
        userRows(
          db,
          {
            id: learnCertificates.id,
            courseId: learnCertificates.courseId,
            displayName: learnCertificates.displayName,
            issuedAt: learnCertificates.issuedAt,
            revokedAt: learnCertificates.revokedAt,
          },
          learnCertificates.userId,
          userId,
        ),
      ]);
      return { courses, lessons, attempts, certificates };
    },
  };
}
