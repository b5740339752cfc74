import { paths } from '@tickerwise/shared';
import { expect, test } from '../support/fixtures.ts';

test.describe('login', () => {
  test('signs in and lands on the dashboard', async ({ page, signUp }) => {
    const account = await signUp({ name: 'Katherine Johnson' });
    await page.context().clearCookies();
    await page.goto(paths.login);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('heading', { name: 'Welcome back, Katherine Johnson' }),
    ).toBeVisible();
  });

  test('gives a wrong password and an unknown email the same message', async ({
    page,
    signUp,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 401 .*\/api\/auth\/sign-in\/email/, 'both sign-ins are refused');
    const account = await signUp();
    await page.context().clearCookies();
    await page.goto(paths.login);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

    await page.getByLabel('Email').fill('nobody-at-all@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('needs an email and a password', async ({ page }) => {
    await page.goto(paths.login);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter your email')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
  });

  test('says how long to wait after too many failed attempts', async ({
    page,
    signUp,
    baseURL,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 429 .*\/api\/auth\/sign-in\/email/, 'the limit is reached');
    const account = await signUp();
    await page.context().clearCookies();
    for (let attempt = 0; attempt < 10; attempt++) {
      await page.request.post('/api/auth/sign-in/email', {
        headers: { origin: baseURL as string },
        data: { email: account.email, password: `wrong ${attempt}` },
        failOnStatusCode: false,
      });
    }
    await page.goto(paths.login);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
  });

  test('links to pricing to sign up and back home', async ({ page }) => {
    await page.goto(paths.login);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goto(paths.login);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('sends a signed-in user from /login and /signup to the dashboard', async ({
    signedInPage: page,
  }) => {
    await page.goto(paths.login);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => sessionStorage.setItem('selected_plan', 'free'));
    await page.goto(paths.signup);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
