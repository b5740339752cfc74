import { randomUUID } from 'node:crypto';
import {
  type CompiledCourse,
  type CompiledLearnContent,
  type CompiledLesson,
  type CourseCertificate,
  type CourseDetail,
  type CourseLock,
  type CourseSummary,
  entitlementsFor,
  investmentDisclaimer,
  type LearnCatalogue,
  type LearnProgress,
  type LessonView,
  learnLevelNames,
  learnLevels,
  lessonPassPercent,
  planFor,
  type QuizResult,
  type QuizSubmission,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  learnCertificates,
  learnCourseStarts,
  learnLessonCompletions,
  learnQuizAttempts,
  profiles,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { lockTier, tierOf } from '../profiles/service.ts';
import { LearnerMemo, type LearnerRead, type LearnerState, type StartRow } from './learner-memo.ts';
import { QuizAttempt } from './quiz.ts';

/**
 * The NOTIFY channel on which an instance names a learner whose courses, completed lessons or
 * attempts it wrote (`<instance> <user id>`): the other instances forget what they remember.
 */
export const learnerChangedChannel = 'learn_learner_changed';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const missingCourse = () => notFound('This course does not exist.');
const missingLesson = () => notFound('This lesson does not exist.');

/** 402: the plan's courses are taken; names the limit and the plan with all of them. */
function courseLimitReached(tier: SubscriptionTier, limit: number): AppError {
  return new AppError(
    402,
    'upgrade_required',
    `Your ${planFor(tier).name} plan includes ${limit} courses, and you have started ${limit}. Upgrade to Pro for every course.`,
    undefined,
    undefined,
    { requiredTier: 'pro' },
  );
}

/** What of the catalogue a user may open now. */
class Standing {
  readonly limit: number | null;
  readonly starts: Map<string, StartRow>;
  private readonly open: Set<string> | null;

  constructor(
    readonly tier: SubscriptionTier,
    rows: StartRow[],
  ) {
    this.limit = entitlementsFor(tier).courses;
    this.starts = new Map(rows.map((row) => [row.courseId, row]));
    if (this.limit === null) {
      this.open = null;
    } else {
      // A plan with fewer courses than started keeps the completed ones and the most recent.
      const recent = [...rows]
        .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
        .slice(0, this.limit);
      this.open = new Set([
        ...recent.map((row) => row.courseId),
        ...rows.filter((row) => row.completedAt).map((row) => row.courseId),
      ]);
    }
  }

  /** Course ids the allowance counts, newest first. */
  taken(): string[] {
    return [...this.starts.values()]
      .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
      .map((row) => row.courseId);
  }

  canStart(courseId: string): boolean {
    if (this.starts.has(courseId)) return false;
    return this.limit === null || this.starts.size < this.limit;
  }

  lock(courseId: string): CourseLock | null {
    if (this.limit === null || this.open === null) return null;
    const name = planFor(this.tier).name;
    if (this.starts.has(courseId)) {
      if (this.open.has(courseId)) return null;
      return {
        reason: 'downgraded',
        limit: this.limit,
        message: `Your ${name} plan keeps ${this.limit} courses open: those you started most recently and every course you completed. Upgrade to Pro to open this one again.`,
      };
    }
    if (this.starts.size < this.limit) return null;
    return {
      reason: 'course_limit',
      limit: this.limit,
      message: `Your ${name} plan includes ${this.limit} courses and you have started ${this.starts.size}. Upgrade to Pro for every course.`,
    };
  }
}

export interface LearnServiceDeps {
  db: Db;
  clock: Clock;
  content: CompiledLearnContent;
}

/**
 * Courses, lessons and quizzes (docs/PRODUCT.md §3.24) over the compiled content the server
 * loaded at start: the user's progress is in the database, the text never is.
 */
export class LearnService {
  private readonly db: Db;
  private readonly clock: Clock;
  readonly courses: readonly CompiledCourse[];
  private readonly courseById = new Map<string, CompiledCourse>();
  private readonly lessonById = new Map<string, CompiledLesson>();
  private readonly learners: LearnerMemo;
  /** This instance's name in its announcements, so that it skips its own. */
  readonly instance = randomUUID();

  constructor({ db, clock, content }: LearnServiceDeps) {
    this.db = db;
    this.clock = clock;
    this.learners = new LearnerMemo(() => clock().getTime());
    this.courses = content.courses;
    for (const course of content.courses) {
      this.courseById.set(course.id, course);
      for (const lesson of course.lessons) this.lessonById.set(lesson.id, lesson);
    }
  }

  private async standing(db: Db, userId: string, tier?: SubscriptionTier): Promise<Standing> {
    const [knownTier, rows] = await Promise.all([
      tier ?? tierOf(db, userId),
      db
        .select({
          courseId: learnCourseStarts.courseId,
          startedAt: learnCourseStarts.startedAt,
          completedAt: learnCourseStarts.completedAt,
        })
        .from(learnCourseStarts)
        .where(eq(learnCourseStarts.userId, userId)),
    ]);
    // A course no longer in the content is not counted.
    return new Standing(
      knownTier,
      rows.filter((row) => this.courseById.has(row.courseId)),
    );
  }

  private async completions(userId: string, courseId?: string) {
    const rows = await this.db
      .select({
        lessonId: learnLessonCompletions.lessonId,
        completedAt: learnLessonCompletions.completedAt,
      })
      .from(learnLessonCompletions)
      .where(
        courseId
          ? and(
              eq(learnLessonCompletions.userId, userId),
              eq(learnLessonCompletions.courseId, courseId),
            )
          : eq(learnLessonCompletions.userId, userId),
      );
    return new Map(rows.map((row) => [row.lessonId, row.completedAt]));
  }

  /** The user's newest certificate of each course (or of one), revoked ones included. */
  private async certificates(userId: string, courseId?: string) {
    const rows = await this.db
      .select({
        id: learnCertificates.id,
        courseId: learnCertificates.courseId,
        displayName: learnCertificates.displayName,
        issuedAt: learnCertificates.issuedAt,
        revokedAt: learnCertificates.revokedAt,
      })
      .from(learnCertificates)
      .where(
        courseId
          ? and(eq(learnCertificates.userId, userId), eq(learnCertificates.courseId, courseId))
          : eq(learnCertificates.userId, userId),
      )
      .orderBy(asc(learnCertificates.issuedAt));
    const newest = new Map<string, CourseCertificate>();
    for (const row of rows) {
      newest.set(row.courseId, {
        id: row.id,
        displayName: row.displayName,
        issuedAt: row.issuedAt.toISOString(),
        revokedAt: row.revokedAt?.toISOString() ?? null,
      });
    }
    return newest;
  }

  private summary(
    course: CompiledCourse,
    standing: Standing,
    completed: Map<string, Date>,
    certificates: Map<string, CourseCertificate>,
  ): CourseSummary {
    const certificate = certificates.get(course.id);
    const start = standing.starts.get(course.id);
    const next = course.lessons.find((lesson) => !completed.has(lesson.id));
    return {
      id: course.id,
      title: course.title,
      level: course.level,
      summary: course.summary,
      minutes: course.minutes,
      lessonCount: course.lessons.length,
      lessonsCompleted: course.lessons.filter((lesson) => completed.has(lesson.id)).length,
      firstLessonId: course.lessons[0]!.id,
      nextLessonId: next?.id ?? null,
      startedAt: start?.startedAt.toISOString() ?? null,
      completedAt: start?.completedAt?.toISOString() ?? null,
      lock: standing.lock(course.id),
      certificateId: certificate && !certificate.revokedAt ? certificate.id : null,
    };
  }

  async catalogue(userId: string): Promise<LearnCatalogue> {
    const [standing, completed, certificates] = await Promise.all([
      this.standing(this.db, userId),
      this.completions(userId),
      this.certificates(userId),
    ]);
    const taken = standing.taken();
    return {
      levels: learnLevels
        .map((level) => ({
          level,
          name: learnLevelNames[level],
          courses: this.courses
            .filter((course) => course.level === level)
            .map((course) => this.summary(course, standing, completed, certificates)),
        }))
        .filter((group) => group.courses.length > 0),
      allowance: {
        limit: standing.limit,
        taken,
        remaining: standing.limit === null ? null : Math.max(0, standing.limit - taken.length),
      },
    };
  }

  async course(userId: string, courseId: string): Promise<CourseDetail> {
    const course = this.courseById.get(courseId);
    if (!course) throw missingCourse();
    const [standing, completed, certificates, best] = await Promise.all([
      this.standing(this.db, userId),
      this.completions(userId, courseId),
      this.certificates(userId, courseId),
      this.db
        .select({
          lessonId: learnQuizAttempts.lessonId,
          best: sql<number>`max(${learnQuizAttempts.correct} * 100 / ${learnQuizAttempts.total})`.mapWith(
            Number,
          ),
        })
        .from(learnQuizAttempts)
        .where(and(eq(learnQuizAttempts.userId, userId), eq(learnQuizAttempts.courseId, courseId)))
        .groupBy(learnQuizAttempts.lessonId),
    ]);
    const bestBy = new Map(best.map((row) => [row.lessonId, row.best]));
    return {
      ...this.summary(course, standing, completed, certificates),
      objectives: course.objectives,
      introHtml: course.introHtml,
      lessons: course.lessons.map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        minutes: lesson.minutes,
        completedAt: completed.get(lesson.id)?.toISOString() ?? null,
        bestPercent: bestBy.get(lesson.id) ?? null,
      })),
      disclaimer: investmentDisclaimer,
      certificate: certificates.get(courseId) ?? null,
    };
  }

  /** A learner's plan, courses started, completed lessons and attempts: remembered or read. */
  private learner(userId: string, fresh = false): Promise<LearnerRead> {
    return this.learners.read(userId, () => this.loadLearner(userId), fresh);
  }

  /** A learner's plan changed, or their progress changed on another instance. */
  forgetLearner(userId: string): void {
    this.learners.forget(userId);
  }

  /** Announcements may have been missed: every learner is read afresh. */
  forgetLearners(): void {
    this.learners.clear();
  }

  /**
   * A lesson: in full with its quiz in a course the user started and may open; the first
   * lesson of a locked course, or any of one not started yet, as a preview without the quiz.
   */
  async lesson(userId: string, lessonId: string): Promise<LessonView> {
    const lesson = this.lessonById.get(lessonId);
    if (!lesson) throw missingLesson();
    const course = this.courseById.get(lesson.courseId)!;
    let read = await this.learner(userId);
    let standing = new Standing(read.state.tier, read.state.starts);
    // A preview or a refusal is checked against the database: the course may have been
    // started, or the plan raised, through another instance a moment ago.
    if (read.remembered && (!standing.starts.has(course.id) || standing.lock(course.id))) {
      read = await this.learner(userId, true);
      standing = new Standing(read.state.tier, read.state.starts);
    }
    const { completions, attempts } = read.state;
    const lock = standing.lock(course.id);
    const started = standing.starts.has(course.id);
    const canStart = standing.canStart(course.id);
    if (lock && lesson.index > 0) {
      throw new AppError(402, 'upgrade_required', lock.message, undefined, undefined, {
        requiredTier: 'pro',
      });
    }
    const full = started && !lock;
    const last = lesson.index === course.lessons.length - 1;
    const attempt = (attempts.get(lesson.id) ?? 0) + 1;
    return {
      id: lesson.id,
      courseId: course.id,
      courseTitle: course.title,
      index: lesson.index,
      lessonCount: course.lessons.length,
      title: lesson.title,
      minutes: lesson.minutes,
      objectives: lesson.objectives,
      lastReviewed: lesson.lastReviewed,
      tryIt: lesson.tryIt,
      html: lesson.html,
      headings: lesson.headings,
      access: full ? 'full' : 'preview',
      lock,
      canStart,
      previousLessonId: course.lessons[lesson.index - 1]?.id ?? null,
      nextLessonId: course.lessons[lesson.index + 1]?.id ?? null,
      completedAt: completions.get(lesson.id)?.toISOString() ?? null,
      quiz: full
        ? { attempt, questions: new QuizAttempt(lesson.quiz, userId, lesson.id, attempt).view() }
        : null,
      disclaimer: last ? investmentDisclaimer : null,
    };
  }

  /**
   * What lessons and quizzes need of a learner, in one statement: the plan, the courses
   * started, the completed lessons and the number of attempts of each lesson's quiz. On the
   * embedded database each statement costs the event loop its parse, plan and protocol, and a
   * lesson is opened and a quiz sent many times a day by every learner: this is read once, then
   * remembered (LearnerMemo) and kept up to date by the writes.
   */
  private async loadLearner(userId: string): Promise<LearnerState> {
    const [row] = rowsOf<{
      tier: SubscriptionTier | null;
      starts: { courseId: string; startedAt: string; completedAt: string | null }[];
      completions: { lessonId: string; completedAt: string }[];
      attempts: Record<string, number>;
    }>(
      await this.db.execute(sql`
        select
          (select ${profiles.subscriptionTier} from ${profiles} where ${profiles.id} = ${userId}) as tier,
          coalesce((
            select json_agg(json_build_object(
              'courseId', ${learnCourseStarts.courseId},
              'startedAt', ${learnCourseStarts.startedAt},
              'completedAt', ${learnCourseStarts.completedAt}))
            from ${learnCourseStarts} where ${learnCourseStarts.userId} = ${userId}
          ), '[]'::json) as starts,
          coalesce((
            select json_agg(json_build_object(
              'lessonId', ${learnLessonCompletions.lessonId},
              'completedAt', ${learnLessonCompletions.completedAt}))
            from ${learnLessonCompletions}
            where ${learnLessonCompletions.userId} = ${userId}
          ), '[]'::json) as completions,
          coalesce((
            select json_object_agg(counted.lesson_id, counted.attempts)
            from (
              select ${learnQuizAttempts.lessonId} as lesson_id, count(*)::int as attempts
              from ${learnQuizAttempts}
              where ${learnQuizAttempts.userId} = ${userId}
              group by ${learnQuizAttempts.lessonId}
            ) counted
          ), '{}'::json) as attempts`),
    );
    const starts = (row?.starts ?? [])
      .map((start) => ({
        courseId: start.courseId,
        startedAt: new Date(start.startedAt),
        completedAt: start.completedAt === null ? null : new Date(start.completedAt),
      }))
      // A course no longer in the content is not counted.
      .filter((start) => this.courseById.has(start.courseId));
    return {
      tier: row?.tier ?? 'free',
      starts,
      completions: new Map(
        (row?.completions ?? []).map((done) => [done.lessonId, new Date(done.completedAt)]),
      ),
      attempts: new Map(Object.entries(row?.attempts ?? {}).map(([id, n]) => [id, Number(n)])),
    };
  }

  /** Tells the other instances that this learner's progress changed (inside `db`'s commit). */
  private announce(userId: string) {
    return sql`select pg_notify(${learnerChangedChannel}, ${`${this.instance} ${userId}`})`;
  }

  /**
   * Starts a course: counted against the plan's allowance atomically. The user's profile row
   * is locked while the starts are counted and the new one written, so of two requests for a
   * 4th course on Free one wins and the other gets 402 naming the limit.
   */
  async start(userId: string, courseId: string): Promise<{ created: boolean }> {
    if (!this.courseById.has(courseId)) throw missingCourse();
    const result = await this.db.transaction(async (tx) => {
      const tier = await lockTier(tx, userId);
      const standing = await this.standing(tx, userId, tier);
      if (standing.starts.has(courseId)) {
        const lock = standing.lock(courseId);
        if (lock) {
          throw new AppError(402, 'upgrade_required', lock.message, undefined, undefined, {
            requiredTier: 'pro',
          });
        }
        return { created: false };
      }
      if (standing.limit !== null && standing.starts.size >= standing.limit) {
        throw courseLimitReached(tier, standing.limit);
      }
      await tx
        .insert(learnCourseStarts)
        .values({ userId, courseId, startedAt: this.clock() })
        .onConflictDoNothing();
      await tx.execute(this.announce(userId));
      return { created: true };
    });
    // Starting is rare: the next lesson reads the learner afresh.
    if (result.created) this.learners.forget(userId);
    return result;
  }

  /** Why this learner may not send this lesson's quiz now, if so. */
  private refusal(
    state: LearnerState,
    course: CompiledCourse,
    lesson: CompiledLesson,
    attempt: number,
  ): AppError | null {
    const standing = new Standing(state.tier, state.starts);
    if (!standing.starts.has(course.id)) {
      return new AppError(409, 'course_not_started', 'Start this course to take its quizzes.');
    }
    const lock = standing.lock(course.id);
    if (lock) {
      return new AppError(402, 'upgrade_required', lock.message, undefined, undefined, {
        requiredTier: 'pro',
      });
    }
    if (attempt !== (state.attempts.get(lesson.id) ?? 0) + 1) return staleAttempt();
    return null;
  }

  /** Scores an attempt of a lesson's quiz and keeps it; 80% or more completes the lesson. */
  async submit(userId: string, lessonId: string, submission: QuizSubmission): Promise<QuizResult> {
    const lesson = this.lessonById.get(lessonId);
    if (!lesson) throw missingLesson();
    const course = this.courseById.get(lesson.courseId)!;
    const now = this.clock();
    const read = await this.learner(userId);
    let refused = this.refusal(read.state, course, lesson, submission.attempt);
    // A refusal is checked against the database: another instance may have started the
    // course, kept an attempt or seen the plan raised a moment ago.
    if (refused && read.remembered) {
      refused = this.refusal(
        (await this.learner(userId, true)).state,
        course,
        lesson,
        submission.attempt,
      );
    }
    if (refused) throw refused;
    const quiz = new QuizAttempt(lesson.quiz, userId, lessonId, submission.attempt);
    const results = quiz.score(submission.answers);
    const correct = results.filter((result) => result.correct).length;
    const total = results.length;
    const percent = Math.round((correct * 100) / total);
    const passed = correct * 100 >= lessonPassPercent * total;
    // One statement keeps the attempt, the lesson's completion when it passed, and the course's
    // when that was its last lesson, and tells the other instances: all or nothing, in one
    // round trip. Its parts see the tables as they were before it, so the completed lessons are
    // counted with the one it adds. Two tabs sending the same attempt: the number's unique
    // index refuses the second.
    let written: { lessonCompleted: number; courseCompleted: number } | undefined;
    try {
      [written] = rowsOf<{ lessonCompleted: number; courseCompleted: number }>(
        await this.db.execute(sql`
          with attempt as (
            insert into ${learnQuizAttempts}
              (user_id, course_id, lesson_id, number, correct, total, passed, answers, submitted_at)
            values (${userId}, ${course.id}, ${lessonId}, ${submission.attempt}, ${correct},
              ${total}, ${passed}, ${JSON.stringify(submission.answers)}::jsonb, ${now.toISOString()}::timestamptz)
          ),
          lesson as (
            insert into ${learnLessonCompletions} (user_id, course_id, lesson_id, completed_at)
            select ${userId}, ${course.id}, ${lessonId}, ${now.toISOString()}::timestamptz where ${passed}
            on conflict do nothing
            returning lesson_id
          ),
          done as (
            select (select count(*) from ${learnLessonCompletions}
                    where ${learnLessonCompletions.userId} = ${userId}
                      and ${learnLessonCompletions.courseId} = ${course.id})
                 + (select count(*) from lesson) as lessons
          ),
          finished as (
            update ${learnCourseStarts} set completed_at = ${now.toISOString()}::timestamptz
            where ${learnCourseStarts.userId} = ${userId}
              and ${learnCourseStarts.courseId} = ${course.id}
              and ${learnCourseStarts.completedAt} is null
              and (select lessons from done) >= ${course.lessons.length}
            returning course_id
          ),
          announced as (${this.announce(userId)})
          select (select count(*)::int from lesson) as "lessonCompleted",
                 (select count(*)::int from finished) as "courseCompleted",
                 (select count(*)::int from announced) as "announced"`),
      );
    } catch (error) {
      if (isUniqueViolation(error)) {
        // Kept meanwhile by another tab or instance: the next lesson reads the learner afresh.
        this.learners.forget(userId);
        throw staleAttempt();
      }
      throw error;
    }
    const lessonCompleted = Number(written?.lessonCompleted ?? 0) > 0;
    const courseCompleted = Number(written?.courseCompleted ?? 0) > 0;
    this.learners.change(userId, (state) => {
      state.attempts.set(lessonId, Math.max(state.attempts.get(lessonId) ?? 0, submission.attempt));
      if (lessonCompleted && !state.completions.has(lessonId)) state.completions.set(lessonId, now);
      if (courseCompleted) {
        const start = state.starts.find((row) => row.courseId === course.id);
        if (start && !start.completedAt) start.completedAt = now;
      }
    });
    return {
      attempt: submission.attempt,
      correct,
      total,
      percent,
      passed,
      results,
      lessonCompleted,
      courseCompleted,
      nextLessonId: course.lessons[lesson.index + 1]?.id ?? null,
    };
  }

  /** The dashboard's "Courses Completed" card and the lessons in Recent Activity. */
  async progress(userId: string): Promise<LearnProgress> {
    const [standing, recent, completed] = await Promise.all([
      this.standing(this.db, userId),
      this.db
        .select({
          lessonId: learnLessonCompletions.lessonId,
          completedAt: learnLessonCompletions.completedAt,
        })
        .from(learnLessonCompletions)
        .where(eq(learnLessonCompletions.userId, userId))
        .orderBy(desc(learnLessonCompletions.completedAt))
        .limit(10),
      this.completions(userId),
    ]);
    let next: LearnProgress['next'] = null;
    for (const courseId of standing.taken()) {
      const course = this.courseById.get(courseId)!;
      if (standing.lock(courseId)) continue;
      const lesson = course.lessons.find((candidate) => !completed.has(candidate.id));
      if (lesson) {
        next = {
          courseId,
          courseTitle: course.title,
          lessonId: lesson.id,
          lessonTitle: lesson.title,
        };
        break;
      }
    }
    if (!next && standing.starts.size === 0 && this.courses[0]) {
      const course = this.courses[0];
      next = {
        courseId: course.id,
        courseTitle: course.title,
        lessonId: course.lessons[0]!.id,
        lessonTitle: course.lessons[0]!.title,
      };
    }
    return {
      coursesCompleted: [...standing.starts.values()].filter((row) => row.completedAt).length,
      next,
      recentLessons: recent.flatMap((row) => {
        const lesson = this.lessonById.get(row.lessonId);
        if (!lesson) return [];
        return [
          {
            lessonId: lesson.id,
            lessonTitle: lesson.title,
            courseId: lesson.courseId,
            courseTitle: this.courseById.get(lesson.courseId)!.title,
            completedAt: row.completedAt.toISOString(),
          },
        ];
      }),
    };
  }
}

function staleAttempt(): AppError {
  return new AppError(
    409,
    'stale_attempt',
    'This attempt was already submitted. Reload the lesson for a fresh one.',
  );
}
