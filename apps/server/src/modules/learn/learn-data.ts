import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  learnCertificates,
  learnCourseStarts,
  learnLessonCompletions,
  learnQuizAttempts,
} from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/** The user's learning in the data export: courses started, lessons completed, every attempt. */
export function learnDataPart(db: Db): UserDataPart {
  return {
    name: 'learning',
    tables: [learnCourseStarts, learnLessonCompletions, learnQuizAttempts, learnCertificates],
    async collect(userId) {
      const [courses, lessons, attempts, certificates] = await Promise.all([
        db
          .select({
            courseId: learnCourseStarts.courseId,
            startedAt: learnCourseStarts.startedAt,
            completedAt: learnCourseStarts.completedAt,
          })
          .from(learnCourseStarts)
          .where(eq(learnCourseStarts.userId, userId))
          .orderBy(asc(learnCourseStarts.startedAt)),
        db
          .select({
            courseId: learnLessonCompletions.courseId,
            lessonId: learnLessonCompletions.lessonId,
            completedAt: learnLessonCompletions.completedAt,
          })
          .from(learnLessonCompletions)
          .where(eq(learnLessonCompletions.userId, userId))
          .orderBy(asc(learnLessonCompletions.completedAt)),
        db
          .select({
            lessonId: learnQuizAttempts.lessonId,
            number: learnQuizAttempts.number,
            correct: learnQuizAttempts.correct,
            total: learnQuizAttempts.total,
            passed: learnQuizAttempts.passed,
            answers: learnQuizAttempts.answers,
            submittedAt: learnQuizAttempts.submittedAt,
          })
          .from(learnQuizAttempts)
          .where(eq(learnQuizAttempts.userId, userId))
          .orderBy(asc(learnQuizAttempts.submittedAt)),
        db
          .select({
            id: learnCertificates.id,
            courseId: learnCertificates.courseId,
            displayName: learnCertificates.displayName,
            issuedAt: learnCertificates.issuedAt,
            revokedAt: learnCertificates.revokedAt,
          })
          .from(learnCertificates)
          .where(eq(learnCertificates.userId, userId)),
      ]);
      return {
        courses: courses.map(plainRow),
        lessons: lessons.map(plainRow),
        attempts: attempts.map(plainRow),
        certificates: certificates.map(plainRow),
      };
    },
  };
}
