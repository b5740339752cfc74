import { createPublicKey, verify } from 'node:crypto';
import type {
  LearnCatalogue,
  LessonView,
  QuizResult,
  QuizSubmission,
  SubscriptionTier,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testLearnContent } from '../../../test/learn-content.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { learnCertificates } from '../../db/schema/index.ts';
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

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

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

describe('certificates', () => {
  async function completeFirstSteps(user: SignedUpUser) {
    await start(user, 'first-steps');
    await submit(user, await lesson(user, 'what-is-a-share'));
    const last = await submit(user, await lesson(user, 'why-prices-move'));
    expect(last.courseCompleted).toBe(true);
  }
  const issue = (user: SignedUpUser, displayName: unknown, courseId = 'first-steps') =>
    call(user, 'POST', `/api/learn/courses/${courseId}/certificate`, { displayName });
  const publicView = (id: string) => testApp.app.inject({ url: `/api/certificates/${id}` });

  it('are issued only for a completed course, with the name validated', async () => {
    const user = await userOn('free');
    const notStarted = await issue(user, 'Ada Lovelace');
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().error).toMatchObject({ code: 'course_not_completed' });
    await start(user, 'first-steps');
    await submit(user, await lesson(user, 'what-is-a-share'));
    const halfWay = await issue(user, 'Ada Lovelace');
    expect(halfWay.statusCode).toBe(409);
    expect(halfWay.json().error.message).toMatch(/Complete every lesson/);
    expect((await issue(user, 'Ada', 'no-such-course')).statusCode).toBe(404);
    await submit(user, await lesson(user, 'why-prices-move'));
    for (const bad of ['', ' A ', 'x'.repeat(81), 'ada@example.com', 'Ada\u0000', 42]) {
      const refused = await issue(user, bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    const email = (await issue(user, 'ada@example.com')).json().error;
    expect(email.message).toMatch(/not an email address/);
    const stored = await testApp.db.database.db
      .select({ id: learnCertificates.id })
      .from(learnCertificates)
      .where(eq(learnCertificates.userId, user.id));
    expect(stored).toEqual([]);
    expect((await issue(user, 'Ada Lovelace')).statusCode).toBe(201);
  });

  it('are signed: the public page verifies one, and asking again returns the same', async () => {
    const user = await userOn('free');
    await completeFirstSteps(user);
    const issued = await issue(user, '  Ada Lovelace ');
    expect(issued.statusCode, issued.body).toBe(201);
    const { certificate } = issued.json();
    expect(certificate).toMatchObject({ displayName: 'Ada Lovelace', revokedAt: null });
    const again = await issue(user, 'Someone Else');
    expect(again.statusCode).toBe(200);
    expect(again.json().certificate).toEqual(certificate);

    // Signed out: the page's data, checked on the server, and nothing else about the holder.
    const shown = await publicView(certificate.id);
    expect(shown.statusCode).toBe(200);
    const body = shown.json();
    expect(body).toMatchObject({
      id: certificate.id,
      courseId: 'first-steps',
      courseTitle: 'First steps',
      displayName: 'Ada Lovelace',
      issuedAt: certificate.issuedAt,
      status: 'verified',
      issuer: 'Tickerwise',
    });
    expect(shown.body).not.toContain(user.email);
    expect(shown.body).not.toContain(user.id);
    // Anyone can check it with the public key alone.
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: body.publicKey },
      format: 'jwk',
    });
    expect(
      verify(null, Buffer.from(body.payload), publicKey, Buffer.from(body.signature, 'base64url')),
    ).toBe(true);

    const course = (await call(user, 'GET', '/api/learn/courses/first-steps')).json();
    expect(course.certificate).toEqual(certificate);
    expect(course.certificateId).toBe(certificate.id);
  });

  it('read as invalid when the stored row was changed, and unknown ids as 404', async () => {
    const user = await userOn('free');
    await completeFirstSteps(user);
    const { certificate } = (await issue(user, 'Grace Hopper')).json();
    await testApp.db.database.db
      .update(learnCertificates)
      .set({ displayName: 'Someone Famous' })
      .where(eq(learnCertificates.id, certificate.id));
    const tampered = (await publicView(certificate.id)).json();
    expect(tampered).toMatchObject({ displayName: 'Someone Famous', status: 'invalid' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await publicView(id);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
    }
  });

  it('are revoked by their holder only; a revoked one says so and a new one can be issued', async () => {
    const holder = await userOn('free');
    const other = await userOn('free');
    await completeFirstSteps(holder);
    const { certificate } = (await issue(holder, 'Katherine Johnson')).json();
    const revokePath = `/api/learn/certificates/${certificate.id}/revoke`;
    const refused = await call(other, 'POST', revokePath, {});
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('not_found');
    expect((await publicView(certificate.id)).json().status).toBe('verified');

    const revoked = await call(holder, 'POST', revokePath, {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().certificate.revokedAt).not.toBeNull();
    const shown = (await publicView(certificate.id)).json();
    expect(shown).toMatchObject({ status: 'revoked', displayName: 'Katherine Johnson' });
    // Revoking twice changes nothing.
    expect((await call(holder, 'POST', revokePath, {})).json()).toEqual(revoked.json());

    const course = (await call(holder, 'GET', '/api/learn/courses/first-steps')).json();
    expect(course.certificateId).toBeNull();
    expect(course.certificate.revokedAt).not.toBeNull();
    const fresh = await issue(holder, 'K. Johnson');
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().certificate.id).not.toBe(certificate.id);
    expect((await publicView(fresh.json().certificate.id)).json().status).toBe('verified');
    expect((await publicView(certificate.id)).json().status).toBe('revoked');
  });

  it('are in the data export and go with the account', async () => {
    const user = await userOn('free');
    await completeFirstSteps(user);
    const { certificate } = (await issue(user, 'Mary Jackson')).json();
    const exported = (await call(user, 'GET', '/api/me/export')).json();
    expect(JSON.stringify(exported)).toContain(certificate.id);
    expect(JSON.stringify(exported)).toContain('Mary Jackson');
    const deleted = await call(user, 'DELETE', '/api/me', { password: user.password });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await publicView(certificate.id)).statusCode).toBe(404);
  });
});
