import { render } from '@react-email/render';
import { stockPath } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../../test/error-logs.ts';
import { SmtpInbox } from '../../../test/smtp-inbox.ts';
import {
  createTestDatabase,
  signUpUser,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { buildApp } from '../../app.ts';
import { user as users } from '../../db/schema/index.ts';
import { emailTemplates } from '../../email-templates.ts';
import { alertEmail, watchlistDigestEmail } from '../alert-mail/emails.tsx';
import { setTier } from '../profiles/service.ts';
import { passwordResetEmail } from './account-emails.tsx';
import { receiptEmail } from './billing-emails.tsx';
import { composeMessage, type OutgoingMessage } from './compose.ts';
import { type Footer, renderMessage } from './layout.tsx';
import type { Email } from './mailer.ts';
import { InProcessRenderer, RenderPool, type RenderWorkerEntry } from './render-pool.ts';
import { newDeviceEmail } from './security-emails.tsx';

/** The app's own worker, from source through tsx, as in development. */
const entry: RenderWorkerEntry = { url: new URL('../../email-render-worker.ts', import.meta.url) };
const quietLog = { error: () => {} };

const footer: Footer = {
  publicUrl: testOrigin,
  optOut: {
    unsubscribeUrl: `${testOrigin}/api/email/unsubscribe?address=a%40b.c&kind=alert-emails&token=x`,
    preferencesUrl: `${testOrigin}/dashboard/settings?tab=notifications`,
    what: 'alert emails',
  },
};

const firedAt = new Date('2026-03-10T15:02:00Z');
const firing = (symbol: string) => ({
  symbol,
  title: `${symbol} rose above $5,000.00`,
  message: `${symbol} traded at $5,001.50 on Mar 10. Your alert: Price above $5,000.00.`,
  firedAt,
});

/** One message of each shape: plain, with dates, lists, an unsubscribe footer, a receipt. */
const samples: Email[] = [
  passwordResetEmail(
    { id: 'u1', email: 'ada@example.com', name: 'Ada <Lovelace> & co' },
    `${testOrigin}/reset-password?token=abc`,
  ),
  newDeviceEmail(
    { id: 'u1', email: 'ada@example.com', name: 'Ada' },
    {
      browser: 'Firefox 140',
      os: null,
      at: firedAt,
      timeZone: 'Europe/Paris',
      notMeUrl: `${testOrigin}/not-me?token=t`,
    },
  ),
  alertEmail({ id: 'u1', email: 'ada@example.com' }, [firing('MSFT')], testOrigin),
  alertEmail(
    { id: 'u1', email: 'ada@example.com' },
    Array.from({ length: 53 }, (_, index) => firing(index % 2 ? 'AAPL' : 'BRK.B')),
    testOrigin,
  ),
  watchlistDigestEmail(
    { id: 'u1', email: 'ada@example.com' },
    {
      day: '2026-03-10',
      moves: [{ symbol: 'NVDA', close: 912.5, changePercent: -3.25 }],
      ratings: [{ symbol: 'AAPL', from: 'Buy', to: 'Strong buy' }],
      firings: [firing('WMT')],
    },
    testOrigin,
  ),
  receiptEmail(
    { id: 'u1', name: 'Ada', email: 'ada@example.com' },
    {
      id: 'pay_1',
      number: 'TW-PAY1',
      date: '2026-03-10T15:02:00.000Z',
      tier: 'pro',
      kind: 'subscription',
      periodStart: '2026-03-10T15:02:00.000Z',
      periodEnd: '2026-04-10T15:02:00.000Z',
      amountCents: 1900,
      currency: 'usd',
      cardLast4: '4242',
    },
    testOrigin,
  ),
];

// A worker starts from source through tsx: seconds on a busy machine.
const workerTimeout = 90_000;

describe('rendering in a worker thread', { timeout: workerTimeout }, () => {
  const pool = new RenderPool({ size: 1, entry, log: quietLog });
  afterAll(() => pool.close());

  it('gives the message the in-process render gives, plain text made from the HTML', async () => {
    for (const email of samples) {
      expect(email.template && emailTemplates.has(email.template.name)).toBe(true);
      const inProcess = await renderMessage(email.subject, email.body(footer));
      const inWorker = await pool.render(email, footer);
      expect(inWorker).toEqual(inProcess);
      // The plain text is the one a second render made before, without that render.
      expect(inWorker.text).toBe(await render(email.body(footer), { plainText: true }));
    }
    const alert = await pool.render(samples[3]!, footer);
    expect(alert.subject).toBe('53 alerts fired: BRK.B rose above $5,000.00 and more');
    expect(alert.text).toContain(`${testOrigin}${stockPath('AAPL')}`);
    expect(alert.text).toContain('And 3 more');
  });

  it('renders many messages at once, each its own', async () => {
    const rendered = await Promise.all(
      ['MSFT', 'AAPL', 'NVDA', 'WMT'].map((symbol) =>
        pool.render(
          alertEmail({ id: symbol, email: 'a@b.c' }, [firing(symbol)], testOrigin),
          footer,
        ),
      ),
    );
    expect(rendered.map((message) => message.subject)).toEqual(
      ['MSFT', 'AAPL', 'NVDA', 'WMT'].map((symbol) => `${symbol} rose above $5,000.00`),
    );
  });

  it('builds the MIME source of a message as the main thread would, the parts encoded', async () => {
    const rendered = await pool.render(samples[3]!, footer);
    const message: OutgoingMessage = {
      id: 7,
      from: 'Tickerwise <alerts@127.0.0.1>',
      to: 'ada@example.com',
      ...rendered,
      headers: {
        'List-Unsubscribe': `<${footer.optOut!.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      messageId: '<7.0123456789abcdef@127.0.0.1>',
      createdAt: firedAt,
    };
    const [inWorker, inProcess, alone] = await Promise.all([
      pool.compose(message),
      new InProcessRenderer().compose(message),
      composeMessage(message),
    ]);
    for (const source of [inWorker, inProcess, alone]) {
      const parsed = await simpleParser(Buffer.from(source));
      expect(parsed.subject).toBe(rendered.subject);
      expect(parsed.html).toBe(rendered.html);
      expect(parsed.text).toBe(rendered.text);
      expect(parsed.messageId).toBe(message.messageId);
      expect(parsed.date?.getTime()).toBe(firedAt.getTime());
      expect(parsed.from?.value).toEqual([{ name: 'Tickerwise', address: 'alerts@127.0.0.1' }]);
      expect(parsed.to).toMatchObject({ value: [{ address: 'ada@example.com' }] });
      const text = Buffer.from(source).toString('utf8');
      expect(text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
      // Every line within SMTP's limit: the parts are encoded, not sent as they are.
      expect(Math.max(...text.split('\r\n').map((line) => line.length))).toBeLessThanOrEqual(998);
    }
  });

  it('answers a template that fails with its error, and renders on', async () => {
    const broken = { ...samples[0]!, template: { name: 'no-such-template', args: [] } };
    await expect(pool.render(broken, footer)).rejects.toThrow('no email template is named');
    const empty = {
      ...samples[2]!,
      template: { name: 'alert', args: [samples[2]!.template!.args[0], [], testOrigin] },
    };
    await expect(pool.render(empty, footer)).rejects.toThrow('needs at least one firing');
    expect((await pool.render(samples[0]!, footer)).subject).toBe('Reset your Tickerwise password');
  });
});

describe('a render worker that dies mid-render', { timeout: workerTimeout }, () => {
  const clock = testClock();
  const inbox = new SmtpInbox();
  const crashes = new SharedArrayBuffer(4);
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    await inbox.start();
    database = await createTestDatabase();
    app = await buildApp(
      testConfig({ mail: { smtpUrl: inbox.url, from: 'Tickerwise <alerts@127.0.0.1>' } }),
      testDeps({
        database: database.database,
        clock,
        emailRenderWorker: {
          url: new URL('../../../test/fixtures/crashing-email-render-worker.ts', import.meta.url),
          workerData: { crashes },
        },
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await inbox.stop();
  });

  it('leaves the alert email to the next pass, which sends it once', async () => {
    clock.set(new Date('2026-03-10T15:00:00Z'));
    const investor = await signUpUser(app);
    const db = app.database.db;
    await setTier(db, investor.id, 'pro');
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, investor.id));
    const created = await app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { cookie: investor.cookie, origin: testOrigin },
      payload: { symbol: 'MSFT', condition: { kind: 'price_above', level: 5000 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const until = Date.now() + 5_000;
    while (!app.alerts.quotes.book.symbolsWithAlerts().includes('MSFT') && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const fired = await app.alerts.quotes.onQuote('MSFT', {
      price: 5001.5,
      previousClose: 100,
      fetchedAt: clock().getTime(),
    });
    expect(fired).toHaveLength(1);
    // The sign-up's confirmation is rendered and out of the way.
    await app.mail.mailer.settle();

    // The worker dies on the render, and its replacement on the render tried again.
    Atomics.store(new Int32Array(crashes), 0, 2);
    expectErrorLog(/an email render worker stopped/);
    await expect(app.alertMail.alertEmails.sendDue()).rejects.toThrow(
      'the email render worker stopped (code 70)',
    );
    await app.mail.deliverDue();
    const alertMails = () =>
      inbox.to(investor.email).filter((mail) => mail.parsed.subject?.startsWith('MSFT'));
    expect(alertMails()).toHaveLength(0);

    // The next pass renders it in a third worker and sends it; no pass after sends it again.
    clock.set(new Date(clock().getTime() + 5_000));
    expect(await app.alertMail.alertEmails.sendDue()).toEqual({ queued: 1, skipped: 0 });
    await app.mail.deliverDue();
    clock.set(new Date(clock().getTime() + 10 * 60_000));
    expect(await app.alertMail.alertEmails.sendDue()).toEqual({ queued: 0, skipped: 0 });
    await app.mail.deliverDue();
    await inbox.waitFor(investor.email, 2);
    expect(alertMails()).toHaveLength(1);
    expect(alertMails()[0]!.parsed.text).toContain('MSFT traded at $5,001.50');
  });

  it('renders again in a fresh worker when one dies once: nothing is lost', async () => {
    const to = `lost-nothing-${Date.now()}@example.com`;
    Atomics.store(new Int32Array(crashes), 0, 1);
    expectErrorLog(/an email render worker stopped/);
    const result = await app.mail.mailer.send(
      passwordResetEmail({ id: 'x', email: to, name: 'Kay' }, `${testOrigin}/reset?token=1`),
    );
    expect(result.queued).toBe(true);
    // The worker that builds its MIME source to send it dies too: a fresh one builds it.
    Atomics.store(new Int32Array(crashes), 0, 1);
    await app.mail.deliverDue();
    const [mail] = await inbox.waitFor(to);
    expect(mail!.parsed.subject).toBe('Reset your Tickerwise password');
    expect(inbox.to(to)).toHaveLength(1);
  });
});
