import type { Locator, Page } from '@playwright/test';
import { coursePath, lessonPath, paths } from '@tickerwise/shared';
import { compileRepositoryContent } from '../../apps/server/src/modules/learn/content.ts';
import { expect, test } from '../support/fixtures.ts';

// The same courses the server compiled: the test knows each quiz's answers from them.
const { courses } = compileRepositoryContent();

/** Answers every question of the quiz on screen rightly, from the keyboard and mouse alike. */
async function answerQuiz(page: Page, lessonId: string) {
  const lesson = courses.flatMap((course) => course.lessons).find((l) => l.id === lessonId)!;
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
});
