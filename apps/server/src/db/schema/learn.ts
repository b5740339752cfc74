import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A course a user started: what the plan's `courses` allowance counts (docs/PRODUCT.md §3.24).
 * A plan with fewer courses than started keeps the most recently started and the completed
 * ones open; `completedAt` is set when the course's last lesson is completed.
 */
export const learnCourseStarts = pgTable(
  'learn_course_starts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.courseId] })],
);

/** One submitted quiz of a lesson: attempts are numbered per user and lesson and all kept. */
export const learnQuizAttempts = pgTable(
  'learn_quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    number: integer('number').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    /** The answers as submitted, by question id. */
    answers: jsonb('answers').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('learn_quiz_attempts_number_idx').on(table.userId, table.lessonId, table.number),
  ],
);

/** A lesson completed: its first passed attempt. */
export const learnLessonCompletions = pgTable(
  'learn_lesson_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    lessonId: text('lesson_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    index('learn_lesson_completions_recent_idx').on(table.userId, table.completedAt),
  ],
);

/** A completed course's certificate, public at /certificates/:id until its owner revokes it. */
export const learnCertificates = pgTable(
  'learn_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: text('course_id').notNull(),
    /** The name the user chose to show on it. */
    displayName: text('display_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    signature: text('signature').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  // One standing certificate per user and course; revoked ones stay, so their page says so.
  (table) => [
    uniqueIndex('learn_certificates_user_course_idx')
      .on(table.userId, table.courseId)
      .where(sql`${table.revokedAt} is null`),
  ],
);
