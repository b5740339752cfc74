import type { LessonView, QuizResult, QuizSubmission } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLearnContent } from '../../../test/learn-content.ts';
import { statementLog } from '../../../test/statement-log.ts';
import {
  createTestApp,
  injectAs,
  type SecondInstance,
  type SignedUpUser,
  setTierHeard,
  signUpUser,
  startSecondInstance,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { learnCourseStarts, learnQuizAttempts } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

// Every statement, with the `x-test-tag` of the request that sent it.
const log = statementLog();

let testApp: TestApp;
let second: SecondInstance;
beforeAll(async () => {
  testApp = await createTestApp({
    onQuery: log.onQuery,
    extend: log.extend,
  });
  second = await startSecondInstance(testApp);
});
afterAll(async () => {
  await second.close();
  await testApp.close();
});

const lessonById = new Map(
  testLearnContent()
    .courses.flatMap((course) => course.lessons)
    .map((lesson) => [lesson.id, lesson]),
);

/** Every answer right, for the attempt shown. */
function rightAnswers(view: LessonView): QuizSubmission {
  const answers: QuizSubmission['answers'] = {};
  for (const shown of view.quiz!.questions) {
    const question = lessonById.get(view.id)!.quiz.find((q) => q.id === shown.id)!;
    answers[shown.id] =
      question.type === 'order'
        ? question.choices.map((choice) => shown.choices!.indexOf(choice))
        : question.answer;
  }
  return { attempt: view.quiz!.attempt, answers };
}

/** A request of `user`, and the statements it sent (a transaction's begin and commit left out). */
async function counted(user: SignedUpUser, method: string, url: string, payload?: unknown) {
  const tag = `${method} ${url} ${log.entries.length}`;
  const response = await log.inject(testApp.app, tag, user, method, url, payload);
  return { response, statements: log.of(tag) };
}

const lessonUrl = (id: string) => `/api/learn/lessons/${id}`;
const attemptsUrl = (id: string) => `/api/learn/lessons/${id}/attempts`;

async function learner(): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  const started = await injectAs(testApp.app, user, 'POST', '/api/learn/courses/first-steps/start');
  expect(started.statusCode, started.body).toBe(201);
  return user;
}

describe('the statements of a lesson and a quiz', () => {
  it('are none to open a lesson again and one to send its quiz', async () => {
    const user = await learner();
    // The first lesson after starting reads the learner: one statement.
    const first = await counted(user, 'GET', lessonUrl('what-is-a-share'));
    expect(first.response.statusCode, first.response.body).toBe(200);
    expect(first.statements).toHaveLength(1);

    const again = await counted(user, 'GET', lessonUrl('what-is-a-share'));
    expect(again.response.statusCode).toBe(200);
    expect(again.statements).toEqual([]);
    const view: LessonView = again.response.json();
    expect(view).toMatchObject({ access: 'full', completedAt: null, quiz: { attempt: 1 } });

    const sent = await counted(user, 'POST', attemptsUrl(view.id), rightAnswers(view));
    expect(sent.response.statusCode, sent.response.body).toBe(201);
    expect(sent.statements).toHaveLength(1);
    expect(sent.statements[0]).toMatch(/insert into "learn_quiz_attempts"/);
    expect(sent.response.json()).toMatchObject({ passed: true, lessonCompleted: true });

    // The lesson shows what the quiz wrote without reading it back.
    const after = await counted(user, 'GET', lessonUrl('what-is-a-share'));
    expect(after.statements).toEqual([]);
    const updated: LessonView = after.response.json();
    expect(updated.quiz?.attempt).toBe(2);
    expect(updated.completedAt).not.toBeNull();

    // The course's last lesson completes it: still one statement.
    const next: LessonView = (
      await counted(user, 'GET', lessonUrl('why-prices-move'))
    ).response.json();
    const last = await counted(user, 'POST', attemptsUrl(next.id), rightAnswers(next));
    expect(last.statements).toHaveLength(1);
    expect(last.response.json()).toMatchObject({ lessonCompleted: true, courseCompleted: true });
    const course = await injectAs(testApp.app, user, 'GET', '/api/learn/courses/first-steps');
    expect(course.json().completedAt).not.toBeNull();
  });

  it('read the database before refusing, and let its unique index refuse a stale attempt', async () => {
    const user = await signUpUser(testApp.app);
    const db = testApp.db.database.db;
    // The session is verified once, before the requests counted.
    expect((await injectAs(testApp.app, user, 'GET', '/api/learn/courses')).statusCode).toBe(200);
    // Not started: a preview, read from the database each time.
    for (const reads of [1, 1]) {
      const preview = await counted(user, 'GET', lessonUrl('what-is-a-share'));
      expect(preview.response.json()).toMatchObject({ access: 'preview', quiz: null });
      expect(preview.statements).toHaveLength(reads);
    }
    // Started where no announcement reaches this instance: the lesson is not refused.
    await db.insert(learnCourseStarts).values({
      userId: user.id,
      courseId: 'first-steps',
      startedAt: new Date(),
    });
    const view: LessonView = (
      await counted(user, 'GET', lessonUrl('what-is-a-share'))
    ).response.json();
    expect(view).toMatchObject({ access: 'full', quiz: { attempt: 1 } });
    // An attempt kept unannounced: the remembered count offers its number again, and the
    // database refuses it; the lesson then offers the next.
    await db.insert(learnQuizAttempts).values({
      userId: user.id,
      courseId: 'first-steps',
      lessonId: view.id,
      number: 1,
      correct: 0,
      total: view.quiz!.questions.length,
      passed: false,
      answers: {},
      submittedAt: new Date(),
    });
    const stale = await counted(user, 'POST', attemptsUrl(view.id), rightAnswers(view));
    expect(stale.response.statusCode).toBe(409);
    expect(stale.response.json().error.code).toBe('stale_attempt');
    const fresh: LessonView = (await counted(user, 'GET', lessonUrl(view.id))).response.json();
    expect(fresh.quiz?.attempt).toBe(2);
    // An attempt number from the future is refused after reading the database.
    const ahead = await counted(user, 'POST', attemptsUrl(view.id), {
      ...rightAnswers(fresh),
      attempt: 5,
    });
    expect(ahead.response.statusCode).toBe(409);
    expect(ahead.statements).toHaveLength(1);
  });

  it('forget a plan the moment it changes', async () => {
    const user = await signUpUser(testApp.app);
    await setTier(testApp.db.database.db, user.id, 'pro');
    for (const id of ['reading-a-chart', 'first-steps', 'course-3', 'course-4']) {
      const started = await injectAs(testApp.app, user, 'POST', `/api/learn/courses/${id}/start`);
      expect(started.statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const open = await counted(user, 'GET', lessonUrl('the-line-chart'));
    expect(open.response.json()).toMatchObject({ access: 'full' });
    expect((await counted(user, 'GET', lessonUrl('the-line-chart'))).statements).toEqual([]);
    // On Free the oldest of four courses closes as soon as the database has announced the
    // change (at once on PGlite; on PostgreSQL once the listening connection hears it), with no
    // request in between.
    await setTierHeard(testApp, user.id, 'free');
    const closed = await counted(user, 'GET', lessonUrl('the-line-chart'));
    expect(closed.response.json()).toMatchObject({
      access: 'preview',
      lock: { reason: 'downgraded' },
    });
  });

  it('are seen by the other instance: an attempt kept there is not offered again here', async () => {
    const user = await learner();
    const view: LessonView = (
      await counted(user, 'GET', lessonUrl('what-is-a-share'))
    ).response.json();
    expect(view.quiz?.attempt).toBe(1);
    const elsewhere = await fetch(`${second.url}${attemptsUrl(view.id)}`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: testOrigin, 'content-type': 'application/json' },
      body: JSON.stringify(rightAnswers(view)),
    });
    expect(elsewhere.status).toBe(201);
    expect(((await elsewhere.json()) as QuizResult).lessonCompleted).toBe(true);
    // The other instance announced its write: this one reads the learner again.
    const here = await counted(user, 'GET', lessonUrl('what-is-a-share'));
    expect(here.statements).toHaveLength(1);
    expect(here.response.json()).toMatchObject({ quiz: { attempt: 2 } });
    expect(here.response.json().completedAt).not.toBeNull();
  });
});
