import type {
  LearnCatalogue,
  LessonView,
  QuizResult,
  QuizSubmission,
  SubscriptionTier,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLearnContent } from '../../../test/learn-content.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { setTier } from '../profiles/service.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const content = testLearnContent();
const lessonById = new Map(
  content.courses.flatMap((course) => course.lessons).map((l) => [l.id, l]),
);

async function userOn(tier: SubscriptionTier): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  if (tier !== 'free') await setTier(testApp.db.database.db, user.id, tier);
  return user;
}

function call(user: SignedUpUser, method: string, url: string, payload?: unknown) {
  return testApp.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: user.cookie, origin: testOrigin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function lesson(user: SignedUpUser, id: string): Promise<LessonView> {
  const response = await call(user, 'GET', `/api/learn/lessons/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function start(user: SignedUpUser, courseId: string) {
  return call(user, 'POST', `/api/learn/courses/${courseId}/start`);
}

/** Answers to the attempt shown: right ones, or all wrong but `right` of them. */
function answersFor(view: LessonView, right = Number.POSITIVE_INFINITY): QuizSubmission {
  const answers: QuizSubmission['answers'] = {};
  view.quiz!.questions.forEach((shown, place) => {
    const question = lessonById.get(view.id)!.quiz.find((q) => q.id === shown.id)!;
    const good = place < right;
    switch (question.type) {
      case 'single':
        answers[shown.id] = good
          ? question.answer
          : (question.answer + 1) % question.choices.length;
        break;
      case 'multiple':
        answers[shown.id] = good ? question.answer : [];
        break;
      case 'numeric':
        answers[shown.id] = good ? question.answer : question.answer + question.tolerance + 1;
        break;
      case 'order': {
        const positions = question.choices.map((choice) => shown.choices!.indexOf(choice));
        answers[shown.id] = good ? positions : [...positions].reverse();
        break;
      }
    }
  });
  return { attempt: view.quiz!.attempt, answers };
}

async function submit(user: SignedUpUser, view: LessonView, right?: number): Promise<QuizResult> {
  const response = await call(
    user,
    'POST',
    `/api/learn/lessons/${view.id}/attempts`,
    answersFor(view, right),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('the catalogue', () => {
  it('groups courses by level with length, lessons and the Free allowance', async () => {
    const user = await userOn('free');
    const catalogue: LearnCatalogue = (await call(user, 'GET', '/api/learn/courses')).json();
    expect(catalogue.levels.map((group) => group.name)).toEqual(['Start here', 'Read the market']);
    const first = catalogue.levels[0]!.courses[0]!;
    expect(first).toMatchObject({
      id: 'first-steps',
      minutes: 11,
      lessonCount: 2,
      lessonsCompleted: 0,
      lock: null,
      startedAt: null,
    });
    expect(catalogue.allowance).toEqual({ limit: 3, taken: [], remaining: 3 });
  });

  it('is for signed-in users; the titles are public', async () => {
    expect((await testApp.app.inject({ url: '/api/learn/courses' })).statusCode).toBe(401);
    const titles = await testApp.app.inject({ url: '/api/learn/titles' });
    expect(titles.statusCode).toBe(200);
    expect(titles.json().courses[0]).toEqual({
      id: 'first-steps',
      title: 'First steps',
      level: 'start-here',
      summary: 'What a share is and what owning one means.',
      lessons: ['What is a share?', 'Why prices move'],
    });
  });
});

describe('lessons', () => {
  it('are a preview without the quiz until the course is started, then whole', async () => {
    const user = await userOn('free');
    const preview = await lesson(user, 'what-is-a-share');
    expect(preview).toMatchObject({ access: 'preview', canStart: true, quiz: null, lock: null });
    expect(preview.html).toContain('A part of a company');
    expect((await start(user, 'first-steps')).statusCode).toBe(201);
    expect((await start(user, 'first-steps')).statusCode).toBe(200);
    const full = await lesson(user, 'what-is-a-share');
    expect(full.access).toBe('full');
    expect(full.quiz!.attempt).toBe(1);
    // No answer or explanation reaches the page before it is submitted.
    expect(JSON.stringify(full.quiz)).not.toMatch(/answer|explanation/);
    expect(full.nextLessonId).toBe('why-prices-move');
  });

  it('are unknown as 404', async () => {
    const user = await userOn('pro');
    const response = await call(user, 'GET', '/api/learn/lessons/no-such-lesson');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('show an attempt’s questions in one order on every reload, and a new order to the next', async () => {
    const user = await userOn('pro');
    await start(user, 'first-steps');
    const orders = new Set<string>();
    const first = await lesson(user, 'what-is-a-share');
    const again = await lesson(user, 'what-is-a-share');
    expect(again.quiz).toEqual(first.quiz);
    const stepsShown = first.quiz!.questions.find((q) => q.id === 'steps')!.choices!;
    expect(stepsShown).not.toEqual(['Choose a company', 'Place an order', 'Own the share']);
    orders.add(first.quiz!.questions.map((q) => q.id).join());
    let view = first;
    for (let n = 0; n < 6; n++) {
      await submit(user, view, 0);
      view = await lesson(user, 'what-is-a-share');
      orders.add(view.quiz!.questions.map((q) => q.id).join());
    }
    expect(view.quiz!.attempt).toBe(7);
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('quizzes', () => {
  it('score all four kinds of question, explain each, and complete the lesson at 80%', async () => {
    const user = await userOn('free');
    await start(user, 'first-steps');
    const view = await lesson(user, 'what-is-a-share');
    // 3 of 5 right: 60%, kept, not complete.
    const failed = await submit(user, view, 3);
    expect(failed).toMatchObject({ attempt: 1, correct: 3, total: 5, percent: 60, passed: false });
    expect(failed.lessonCompleted).toBe(false);
    for (const result of failed.results) expect(result.explanation.length).toBeGreaterThan(0);
    const steps = failed.results.find((result) => result.id === 'steps')!;
    expect(steps.correctAnswer).toBe('Choose a company → Place an order → Own the share');
    // Submitting the same attempt twice is refused: the first is kept.
    const twice = await call(
      user,
      'POST',
      '/api/learn/lessons/what-is-a-share/attempts',
      answersFor(view),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('stale_attempt');

    // 4 of 5: 80%, complete.
    const retry = await lesson(user, 'what-is-a-share');
    const passed = await submit(user, retry, 4);
    expect(passed).toMatchObject({
      attempt: 2,
      correct: 4,
      percent: 80,
      passed: true,
      lessonCompleted: true,
    });
    expect(passed.courseCompleted).toBe(false);
    // Every answer right: each question's result says so.
    const third = await submit(user, await lesson(user, 'what-is-a-share'));
    expect(third.results.every((result) => result.correct)).toBe(true);
    expect(third.lessonCompleted).toBe(false);

    const last = await submit(user, await lesson(user, 'why-prices-move'));
    expect(last).toMatchObject({ passed: true, lessonCompleted: true, courseCompleted: true });
    const course = (await call(user, 'GET', '/api/learn/courses/first-steps')).json();
    expect(course.completedAt).not.toBeNull();
    expect(course.lessons.map((l: { bestPercent: number }) => l.bestPercent)).toEqual([100, 100]);
    expect(course.disclaimer).toMatch(/not financial advice|advice/i);

    const progress = (await call(user, 'GET', '/api/learn/progress')).json();
    expect(progress.coursesCompleted).toBe(1);
    expect(progress.recentLessons.map((l: { lessonId: string }) => l.lessonId).sort()).toEqual([
      'what-is-a-share',
      'why-prices-move',
    ]);
  });

  it('refuse answers of the wrong shape, unknown questions and a course not started', async () => {
    const user = await userOn('free');
    const notStarted = await call(user, 'POST', '/api/learn/lessons/what-is-a-share/attempts', {
      attempt: 1,
      answers: {},
    });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().error.code).toBe('course_not_started');
    await start(user, 'first-steps');
    for (const answers of [{ 'share-is': [1] }, { nope: 1 }, { steps: [0] }, { cost: 'x' }]) {
      const response = await call(user, 'POST', '/api/learn/lessons/what-is-a-share/attempts', {
        attempt: 1,
        answers,
      });
      expect(response.statusCode, JSON.stringify(answers)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const none = await call(user, 'POST', '/api/learn/lessons/what-is-a-share/attempts', []);
    expect(none.statusCode).toBe(400);
  });
});

describe('the Free plan’s 3 courses', () => {
  it('lock the 4th with the reason, serving its first lesson as a preview only', async () => {
    const user = await userOn('free');
    for (const id of ['first-steps', 'reading-a-chart', 'course-3']) {
      expect((await start(user, id)).statusCode).toBe(201);
    }
    const refused = await start(user, 'course-4');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'upgrade_required', requiredTier: 'pro' });
    expect(refused.json().error.message).toMatch(/Free plan includes 3 courses/);

    const catalogue: LearnCatalogue = (await call(user, 'GET', '/api/learn/courses')).json();
    expect(catalogue.allowance).toMatchObject({ limit: 3, remaining: 0 });
    expect(catalogue.allowance.taken.sort()).toEqual([
      'course-3',
      'first-steps',
      'reading-a-chart',
    ]);
    const fourth = catalogue.levels.flatMap((g) => g.courses).find((c) => c.id === 'course-4')!;
    expect(fourth.lock).toMatchObject({ reason: 'course_limit', limit: 3 });

    const preview = await lesson(user, 'course-4-lesson-1');
    expect(preview).toMatchObject({ access: 'preview', quiz: null, canStart: false });
    expect(preview.lock?.reason).toBe('course_limit');
    const attempt = await call(user, 'POST', '/api/learn/lessons/course-4-lesson-1/attempts', {
      attempt: 1,
      answers: {},
    });
    expect(attempt.statusCode).toBe(409);

    // Upgrading opens every course.
    await setTier(testApp.db.database.db, user.id, 'pro');
    expect((await start(user, 'course-4')).statusCode).toBe(201);
    expect((await lesson(user, 'course-4-lesson-1')).access).toBe('full');
  });

  it('are counted atomically: two tabs starting a 4th course at once, one wins', async () => {
    const user = await userOn('free');
    await start(user, 'first-steps');
    await start(user, 'reading-a-chart');
    // One place left; two different courses asked for at once, twice each.
    const responses = await Promise.all([
      start(user, 'course-3'),
      start(user, 'course-4'),
      start(user, 'course-3'),
      start(user, 'course-5'),
    ]);
    const codes = responses.map((response) => response.statusCode);
    const won = responses.filter((response) => response.statusCode === 201);
    expect(won).toHaveLength(1);
    expect(codes.filter((code) => code === 402).length).toBeGreaterThanOrEqual(2);
    for (const response of responses.filter((r) => r.statusCode === 402)) {
      expect(response.json().error.message).toMatch(/includes 3 courses/);
    }
    const catalogue: LearnCatalogue = (await call(user, 'GET', '/api/learn/courses')).json();
    expect(catalogue.allowance.taken).toHaveLength(3);
  });

  it('after a downgrade keep completed courses and the 3 most recently started open', async () => {
    const user = await userOn('pro');
    // Completes the first course, then starts four more.
    await start(user, 'first-steps');
    await submit(user, await lesson(user, 'what-is-a-share'));
    await submit(user, await lesson(user, 'why-prices-move'));
    for (const id of ['reading-a-chart', 'course-3', 'course-4', 'course-5']) {
      expect((await start(user, id)).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await setTier(testApp.db.database.db, user.id, 'free');
    const catalogue: LearnCatalogue = (await call(user, 'GET', '/api/learn/courses')).json();
    const locks = Object.fromEntries(
      catalogue.levels.flatMap((g) => g.courses).map((c) => [c.id, c.lock?.reason ?? null]),
    );
    expect(locks).toEqual({
      'first-steps': null,
      'reading-a-chart': 'downgraded',
      'course-3': null,
      'course-4': null,
      'course-5': null,
    });
    const closed = await call(user, 'POST', '/api/learn/lessons/the-line-chart/attempts', {
      attempt: 1,
      answers: {},
    });
    expect(closed.statusCode).toBe(402);
    expect((await start(user, 'reading-a-chart')).statusCode).toBe(402);
  });
});
