import { createPublicKey, verify } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  coursePath,
  type LessonView,
  lessonPath,
  paths,
  type QuizResult,
  type QuizSubmission,
} from '@tickerwise/shared';
import { compileRepositoryContent } from '../../apps/server/src/modules/learn/content.ts';
import { seriousViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

// The same courses the server compiled: the test knows each quiz's answers from them.
const { courses } = compileRepositoryContent();

const lessons = courses.flatMap((course) => course.lessons);

/** Answers every question of the quiz on screen rightly, from the keyboard and mouse alike. */
async function answerQuiz(page: Page, lessonId: string) {
  const lesson = lessons.find((l) => l.id === lessonId)!;
  for (const question of lesson.quiz) {
    const fieldset = page.getByRole('group', { name: question.prompt, exact: false }).first();
    switch (question.type) {
      case 'single':
        await fieldset
          .getByRole('radio', { name: question.choices[question.answer], exact: true })
          .check();
        break;
      case 'multiple':
        for (const index of question.answer) {
          await fieldset
            .getByRole('checkbox', { name: question.choices[index], exact: true })
            .check();
        }
        break;
      case 'numeric':
        await fieldset.getByRole('textbox').fill(String(question.answer));
        break;
      case 'order':
        await putInOrder(fieldset, question.choices);
        break;
    }
  }
}

/** Moves each step up until the list reads in the right order. */
async function putInOrder(fieldset: Locator, choices: string[]) {
  for (let place = 0; place < choices.length; place++) {
    const items = fieldset.getByRole('listitem');
    const texts = await items.allInnerTexts();
    let at = texts.findIndex((text) => text.includes(choices[place]!));
    while (at > place) {
      await fieldset.getByRole('button', { name: `Move “${choices[place]}” up` }).click();
      at -= 1;
    }
  }
}

/**
 * Passes a lesson's quiz through the API, as the lesson page would submit it: the right answer
 * to each question of the attempt the server shows (an order question's steps as shown).
 */
async function passThroughApi(page: Page, baseURL: string, lessonId: string) {
  const view = (await (
    await page.request.get(`/api/learn/lessons/${lessonId}`)
  ).json()) as LessonView;
  const quiz = lessons.find((lesson) => lesson.id === lessonId)!.quiz;
  const answers: QuizSubmission['answers'] = {};
  for (const shown of view.quiz!.questions) {
    const question = quiz.find((q) => q.id === shown.id)!;
    answers[shown.id] =
      question.type === 'order'
        ? question.choices.map((choice) => shown.choices!.indexOf(choice))
        : question.answer;
  }
  const response = await page.request.post(`/api/learn/lessons/${lessonId}/attempts`, {
    headers: { origin: baseURL },
    data: { attempt: view.quiz!.attempt, answers } satisfies QuizSubmission,
  });
  expect(response.status()).toBe(201);
  expect(((await response.json()) as QuizResult).passed).toBe(true);
}

/** The date as the certificate pages write it: the UTC day, "November 26, 2026". */
const issueDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));

test.describe('learn', () => {
  test.skip(courses.length < 4, 'needs at least 4 courses in content/learn');

  test('a Free user completes a lesson, meets the 4th-course lock, upgrades and opens it', async ({
    page,
    signUp,
    baseURL,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    consoleErrors.allow(/status of 402/, 'the 4th course is locked on Free until the upgrade');
    await signUp();
    const [first, second, third, fourth] = courses as [
      (typeof courses)[number],
      (typeof courses)[number],
      (typeof courses)[number],
      (typeof courses)[number],
    ];
    const lesson = first.lessons[0]!;

    await page.goto(lessonPath(first.id, lesson.id));
    // The first screen loads the dashboard's code: longer than a click on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Start this course' }).click();
    await expect(page.getByRole('heading', { name: 'Check what you learned' })).toBeVisible();
    await answerQuiz(page, lesson.id);
    await page.getByRole('button', { name: 'Check my answers' }).click();
    const total = lesson.quiz.length;
    const result = page.getByRole('heading', { name: `${total} of ${total} right (100%)` });
    await expect(result).toBeVisible();
    // The result takes the focus.
    await expect(page.locator(':focus')).toContainText(`${total} of ${total} right`);

    // Two more courses started: the Free plan's 3 are taken.
    for (const course of [second, third]) {
      const started = await page.request.post(`/api/learn/courses/${course.id}/start`, {
        headers: { origin: baseURL! },
      });
      expect(started.status()).toBe(201);
    }
    await page.goto(paths.learn);
    await expect(page.getByText('3 of 3 free courses started')).toBeVisible();
    await page.goto(coursePath(fourth.id));
    await expect(page.getByText(/Your Free plan includes 3 courses/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start this course' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(lessonPath(fourth.id, fourth.lessons[0]!.id));
    await page.getByRole('button', { name: 'Start this course' }).click();
    await expect(page.getByRole('heading', { name: 'Check what you learned' })).toBeVisible();
  });

  test('a lesson’s “Try it” trade lands in the practice portfolio, never in the real one', async ({
    page,
    signUp,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await signUp();
    // A real portfolio with $2,500 in cash: its value moves with no price.
    const created = await page.request.post('/api/portfolios', {
      headers: { origin: baseURL! },
      data: { name: 'Brokerage' },
    });
    expect(created.status()).toBe(201);
    const { portfolio } = (await created.json()) as { portfolio: { id: string } };
    const deposit = await page.request.post(`/api/portfolios/${portfolio.id}/transactions`, {
      headers: { origin: baseURL! },
      data: { kind: 'deposit', date: '2026-01-05', amount: '2500' },
    });
    expect(deposit.status()).toBe(201);

    const lesson = lessons.find((l) => l.tryIt.kind === 'practice-trade')!;
    const { symbol } = lesson.tryIt;
    await page.goto(lessonPath(lesson.courseId, lesson.id));
    await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText(lesson.tryIt.label)).toBeVisible();
    await page.getByRole('link', { name: 'Open it' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add a practice transaction' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(/never counted in your Portfolio Value/)).toBeVisible();
    await expect(dialog.getByLabel('Symbol')).toHaveValue(symbol);
    await dialog.getByLabel('Shares').fill('5');
    await dialog.getByLabel('Price per share').fill('100');
    await expect(dialog.getByText('Total cost: $500.00')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add transaction' }).click();
    await expect(dialog).toBeHidden();

    // The practice portfolio, labelled as such, holds the trade, paid from its practice cash.
    await expect(page).toHaveURL(/\?portfolio=[0-9a-f-]{36}$/);
    await expect(page.getByRole('button', { name: 'Practice', exact: true })).toBeVisible();
    await expect(page.getByText('Practice portfolio', { exact: true })).toBeVisible();
    await expect(page.getByText(/Trades here use practice cash/)).toBeVisible();
    const holdings = page.getByRole('region', { name: 'Holdings' });
    await expect(holdings.getByRole('link', { name: symbol })).toBeVisible();
    await expect(page.getByText('$99,500.00').first()).toBeVisible();

    // The real portfolio has no trace of it.
    await page.getByRole('button', { name: 'Practice', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Brokerage' }).click();
    await expect(page.getByRole('button', { name: 'Brokerage' })).toBeVisible();
    await expect(page.getByText('Trades here use practice cash')).toHaveCount(0);
    await expect(page.getByRole('link', { name: symbol, exact: true })).toHaveCount(0);

    // Nor has the Portfolio Value: the deposit alone.
    await page.goto(paths.dashboard);
    const value = page.getByText('Portfolio Value', { exact: true }).locator('../..');
    await expect(value).toContainText('$2,500.00');
  });

  test('a completed course gives a certificate its public page verifies, until it is revoked', async ({
    page,
    signUp,
    baseURL,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(90_000);
    const course = [...courses].sort((a, b) => a.lessons.length - b.lessons.length)[0]!;
    const last = course.lessons.at(-1)!;
    await signUp({ name: 'Grace Learner' });
    const started = await page.request.post(`/api/learn/courses/${course.id}/start`, {
      headers: { origin: baseURL! },
    });
    expect(started.status()).toBe(201);
    // Every lesson but the last passed as the lesson page submits it; the last one on screen.
    for (const lesson of course.lessons.slice(0, -1)) {
      await passThroughApi(page, baseURL!, lesson.id);
    }
    await page.goto(lessonPath(course.id, last.id));
    await expect(page.getByRole('heading', { name: 'Check what you learned' })).toBeVisible({
      timeout: 30_000,
    });
    await answerQuiz(page, last.id);
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await expect(
      page.getByText('Lesson complete, and with it the whole course. Well done.'),
    ).toBeVisible();

    await page.goto(coursePath(course.id));
    await expect(page.getByText('You completed this course.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get your certificate' })).toBeVisible();
    const name = page.getByLabel('Name to show on the certificate');
    await expect(name).toHaveValue('Grace Learner');
    await name.fill('Grace H. Learner');
    await page.getByRole('button', { name: 'Get your certificate' }).click();
    await expect(page.getByRole('heading', { name: 'Your certificate' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the certificate' }).click();
    await expect(page).toHaveURL(/\/certificates\/[0-9a-f-]{36}$/);
    const certificateUrl = page.url();
    const id = certificateUrl.split('/').at(-1)!;
    const { issuedAt } = (await (await page.request.get(`/api/certificates/${id}`)).json()) as {
      issuedAt: string;
    };

    // Anyone with the link, signed out, sees the name, the course and the date, verified.
    const visitor = await browser.newContext({ baseURL });
    const open = await visitor.newPage();
    await open.goto(certificateUrl);
    await expect(open.getByRole('heading', { level: 1, name: 'Grace H. Learner' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(open.getByText(course.title, { exact: true })).toBeVisible();
    await expect(open.getByText(`Issued by Tickerwise on ${issueDate(issuedAt)}`)).toBeVisible();
    await expect(open.getByRole('status')).toContainText('Verified: issued by Tickerwise');
    await expect(open).toHaveTitle(new RegExp(`Certificate: ${course.title}`));
    // What the page shows is enough to check the signature without the server.
    await open.getByText('Check the signature yourself').click();
    const shown = (term: string) =>
      open.getByText(term, { exact: true }).locator('xpath=following-sibling::dd');
    const payload = await shown('Signed text').innerText();
    const signature = await shown('Signature (base64url)').innerText();
    const publicKey = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: await shown('Public key (base64url)').innerText() },
      format: 'jwk',
    });
    expect(payload).toContain('Grace H. Learner');
    expect(verify(null, Buffer.from(payload), publicKey, Buffer.from(signature, 'base64url'))).toBe(
      true,
    );

    // Its holder revokes it: the public page says so.
    await page.goBack();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Revoke this certificate?' })
      .getByRole('button', { name: 'Revoke certificate' })
      .click();
    await expect(page.getByRole('heading', { name: 'Get your certificate' })).toBeVisible();
    await open.reload();
    await expect(open.getByRole('status')).toContainText('This certificate was revoked');

    // An address that names no certificate says so plainly.
    consoleErrors.allow(/status of 404/, 'a certificate id that does not exist');
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-certificate']) {
      await open.goto(`/certificates/${unknown}`);
      await expect(
        open.getByRole('heading', { level: 1, name: 'No certificate at this address' }),
      ).toBeVisible({ timeout: 15_000 });
    }
    await visitor.close();
  });

  test('a lesson page with its quiz has no serious or critical axe violations', async ({
    page,
    signUp,
    baseURL,
  }) => {
    await signUp();
    const [course] = courses;
    const started = await page.request.post(`/api/learn/courses/${course!.id}/start`, {
      headers: { origin: baseURL! },
    });
    expect(started.status()).toBe(201);
    await page.goto(lessonPath(course!.id, course!.lessons[0]!.id));
    await expect(page.getByRole('heading', { name: 'Check what you learned' })).toBeVisible({
      timeout: 30_000,
    });
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(paths.learn);
    await expect(page.getByText('1 of 3 free courses started')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
