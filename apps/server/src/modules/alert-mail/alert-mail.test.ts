import {
  type Alert,
  type CreateAlertInput,
  type NotificationSettings,
  stockPath,
} from '@tickerwise/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, SmtpInbox } from '../../../test/smtp-inbox.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import {
  alertFirings,
  emailOutbox,
  jobs,
  user as users,
  watchlistItems,
  watchlists,
} from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';
import { usersPerChunk } from './alert-emails.ts';
import { watchlistDigestJob } from './register-alert-mail.ts';

const clock = testClock();
const inbox = new SmtpInbox();
let testApp: TestApp;
let app: FastifyInstance;
const mailConfig = { smtpUrl: '', from: 'Tickerwise <alerts@127.0.0.1>' };

beforeAll(async () => {
  await inbox.start();
  mailConfig.smtpUrl = inbox.url;
  testApp = await createTestApp({ clock, config: { mail: { ...mailConfig } } });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await inbox.stop();
});
afterEach(() => clock.reset());

const db = () => testApp.db.database.db;
/** Tuesday 10 March 2026, 11:00 in New York: a trading day, the market open. */
const tuesday = new Date('2026-03-10T15:00:00Z');
const later = (ms: number) => new Date(tuesday.getTime() + ms);
const minute = 60_000;

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(app, user, method, url, payload);

/** A Pro user; `confirmed` as if they had clicked the link of the sign-up email. */
async function investor({ confirmed = true } = {}): Promise<SignedUpUser> {
  const user = await signUpUser(app);
  await setTier(db(), user.id, 'pro');
  if (confirmed) await confirm(user);
  return user;
}

async function confirm(user: SignedUpUser) {
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
}

async function setAlert(user: SignedUpUser, input: CreateAlertInput): Promise<Alert> {
  const response = await call(user, 'POST', '/api/alerts', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().alert;
}

/** The server takes in a quote of `symbol` at `price`. */
function quote(symbol: string, price: number) {
  return app.alerts.quotes.onQuote(symbol, {
    price,
    previousClose: 100,
    fetchedAt: clock().getTime(),
  });
}

/** Waits until this instance's book of armed alerts holds every alert of `symbols`. */
async function bookHolds(...symbols: string[]) {
  const until = Date.now() + 5_000;
  const { book } = app.alerts.quotes;
  while (Date.now() < until) {
    if (symbols.every((symbol) => book.symbolsWithAlerts().includes(symbol))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the book never held ${symbols.join(', ')}`);
}

/** A pass over pending firings and the outbox, now (the job runners do it every few seconds). */
async function sendDue() {
  await app.alertMail.alertEmails.sendDue();
  await app.mail.deliverDue();
}

const verification = 'Confirm your email for Tickerwise';

/** The alert emails that came for `user` (the sign-up's confirmation aside). */
function alertMails(user: SignedUpUser) {
  return inbox.to(user.email).filter((mail) => mail.parsed.subject !== verification);
}

async function waitForAlertMails(user: SignedUpUser, count = 1) {
  const until = Date.now() + 10_000;
  while (alertMails(user).length < count && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(alertMails(user)).toHaveLength(count);
  return alertMails(user);
}

async function emailStates(user: SignedUpUser) {
  const rows = await db()
    .select({ state: alertFirings.emailState })
    .from(alertFirings)
    .where(eq(alertFirings.userId, user.id));
  return rows.map((row) => row.state);
}

async function settings(user: SignedUpUser): Promise<NotificationSettings> {
  const response = await call(user, 'GET', '/api/notification-preferences');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('alert emails', () => {
  it('send a firing within a pass to the confirmed address, with a link to the stock page', async () => {
    clock.set(tuesday);
    const user = await investor();
    const alert = await setAlert(user, {
      symbol: 'MSFT',
      condition: { kind: 'price_above', level: 5000 },
      note: 'Trim',
    });
    // New alerts send email by default.
    expect(alert.email).toBe(true);
    await bookHolds('MSFT');
    expect(await quote('MSFT', 5001.5)).toHaveLength(1);
    expect(await emailStates(user)).toEqual(['pending']);
    await sendDue();
    const [mail] = await waitForAlertMails(user);
    expect(mail!.parsed.subject).toBe('MSFT rose above $5,000.00');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain('MSFT traded at $5,001.50');
    expect(text).toContain('Your alert: Price above $5,000.00');
    expect(text).toContain('Note: Trim');
    expect(text).toContain('Fired Mar 10, 11:00 AM ET');
    const link = linkIn(mail!, `${testOrigin}${stockPath('MSFT')}`);
    expect(link).toBe(`${testOrigin}/dashboard/investments/stocks/MSFT`);
    // Non-essential: a one-click unsubscribe and the preferences link.
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(text).toContain('/dashboard/settings?tab=notifications');
    expect(await emailStates(user)).toEqual(['sent']);
  });

  it('group a storm: one email lists every firing, the next waits 5 minutes and lists the rest', async () => {
    clock.set(tuesday);
    const user = await investor();
    const symbols = ['AMD', 'INTC', 'NVDA', 'QCOM'];
    for (const symbol of symbols) {
      await setAlert(user, { symbol, condition: { kind: 'price_above', level: 5000 } });
    }
    await bookHolds(...symbols);
    for (const symbol of symbols.slice(0, 3)) expect(await quote(symbol, 5001)).toHaveLength(1);
    await sendDue();
    const [first] = await waitForAlertMails(user);
    expect(first!.parsed.subject).toBe('3 alerts fired: AMD rose above $5,000.00 and more');
    for (const symbol of ['AMD', 'INTC', 'NVDA']) {
      expect(first!.parsed.text).toContain(`${symbol} rose above $5,000.00`);
      expect(first!.parsed.text).toContain(`${testOrigin}${stockPath(symbol)}`);
    }

    // Two minutes on, another firing waits for the window.
    clock.set(later(2 * minute));
    expect(await quote('QCOM', 5002)).toHaveLength(1);
    await sendDue();
    clock.set(later(5 * minute - 1_000));
    await sendDue();
    expect(alertMails(user)).toHaveLength(1);
    expect(await emailStates(user)).toContain('pending');

    // Five minutes after the first email, the next one goes with what waited.
    clock.set(later(5 * minute));
    await sendDue();
    const mails = await waitForAlertMails(user, 2);
    expect(mails[1]!.parsed.subject).toBe('QCOM rose above $5,000.00');
    expect(mails[1]!.parsed.text).toContain('Fired Mar 10, 11:02 AM ET');
    expect(await emailStates(user)).toEqual(['sent', 'sent', 'sent', 'sent']);
  });

  it('go in one pass to more users than one chunk holds, one email each, with its firings', async () => {
    clock.set(tuesday);
    const count = usersPerChunk + 3;
    const ids = Array.from({ length: count }, (_, index) => `chunked-${index}-${Date.now()}`);
    await db()
      .insert(users)
      .values(
        ids.map((id, index) => ({
          id,
          name: 'Chunked Investor',
          email: `${id}@example.com`,
          // The first has not confirmed the address: set aside.
          emailVerified: index !== 0,
        })),
      );
    await db()
      .insert(alertFirings)
      .values(
        ids.flatMap((userId, index) =>
          ['AAPL', 'MSFT'].map((symbol, order) => ({
            userId,
            symbol,
            repeat: 'once',
            tradingDay: '2026-03-10',
            title: `${symbol} rose above $5,000.00`,
            message: `${symbol} traded at $5,001.00.`,
            value: 5001,
            firedAt: later(index * 1_000 + order),
            emailState: 'pending',
          })),
        ),
      );
    expect(await app.alertMail.alertEmails.sendDue()).toEqual({ queued: count - 1, skipped: 2 });
    await app.mail.deliverDue();
    for (const id of ids.slice(1)) {
      const [mail] = await inbox.waitFor(`${id}@example.com`);
      expect(mail!.parsed.subject).toBe('2 alerts fired: AAPL rose above $5,000.00 and more');
      expect(mail!.parsed.text).toContain(`${testOrigin}${stockPath('MSFT')}`);
    }
    expect(inbox.to(`${ids[0]}@example.com`)).toHaveLength(0);
    const firings = await db()
      .select({
        userId: alertFirings.userId,
        state: alertFirings.emailState,
        outboxId: alertFirings.emailOutboxId,
      })
      .from(alertFirings)
      .where(inArray(alertFirings.userId, ids));
    const outboxOf = new Map<string, Set<number | null>>();
    for (const firing of firings) {
      expect(firing.state).toBe(firing.userId === ids[0] ? 'skipped' : 'sent');
      outboxOf.set(firing.userId, (outboxOf.get(firing.userId) ?? new Set()).add(firing.outboxId));
    }
    // A user's two firings are listed in their one email, each email its own.
    const listedIn = ids.slice(1).map((id) => [...outboxOf.get(id)!]);
    expect(listedIn.every((outboxIds) => outboxIds.length === 1)).toBe(true);
    expect(new Set(listedIn.flat()).size).toBe(count - 1);
    expect(await app.alertMail.alertEmails.sendDue()).toEqual({ queued: 0, skipped: 0 });
  });

  it('do not go to an unconfirmed address, and the settings say so', async () => {
    clock.set(tuesday);
    const user = await investor({ confirmed: false });
    expect(await settings(user)).toMatchObject({ emailVerified: false, email: user.email });
    await setAlert(user, { symbol: 'ORCL', condition: { kind: 'price_below', level: 1 } });
    await bookHolds('ORCL');
    expect(await quote('ORCL', 0.9)).toHaveLength(1);
    await sendDue();
    // Set aside, not kept for later: confirming does not send old firings in a burst.
    expect(await emailStates(user)).toEqual(['skipped']);
    await confirm(user);
    await sendDue();
    expect(alertMails(user)).toHaveLength(0);
    // The notification in the app is there all the same.
    const list = await call(user, 'GET', '/api/alerts');
    expect(list.json().firings).toHaveLength(1);
  });

  it('follow the alert choice and the preferences: email off per alert, off for all, off by default', async () => {
    clock.set(tuesday);
    const user = await investor();
    const quiet = await setAlert(user, {
      symbol: 'IBM',
      condition: { kind: 'price_above', level: 5000 },
      email: false,
    });
    expect(quiet.email).toBe(false);
    const patched = await call(user, 'PATCH', '/api/notification-preferences', {
      alertEmailDefault: false,
    });
    expect(patched.json().preferences).toMatchObject({
      alertEmails: true,
      alertEmailDefault: false,
    });
    const byDefault = await setAlert(user, {
      symbol: 'CSCO',
      condition: { kind: 'price_above', level: 5000 },
    });
    expect(byDefault.email).toBe(false);
    // Switched on for one alert from its form.
    const edited = await call(user, 'PATCH', `/api/alerts/${byDefault.id}`, { email: true });
    expect(edited.json().alert.email).toBe(true);
    await call(user, 'PATCH', '/api/notification-preferences', { alertEmails: false });
    await bookHolds('IBM', 'CSCO');
    await quote('IBM', 5001);
    await quote('CSCO', 5001);
    await sendDue();
    expect((await emailStates(user)).sort()).toEqual([null, 'skipped']);
    expect(alertMails(user)).toHaveLength(0);
  });

  it('stop after the one-click unsubscribe, which the settings reflect, until turned on again', async () => {
    clock.set(tuesday);
    const user = await investor();
    await setAlert(user, { symbol: 'ADBE', condition: { kind: 'price_above', level: 5000 } });
    await bookHolds('ADBE');
    await quote('ADBE', 5001);
    await sendDue();
    const [mail] = await waitForAlertMails(user);
    const unsubscribe = linkIn(mail!, `${testOrigin}/api/email/unsubscribe`);
    const posted = await app.inject({
      method: 'POST',
      url: unsubscribe.replace(testOrigin, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect((await settings(user)).preferences.alertEmails).toBe(false);

    const back = await call(user, 'PATCH', '/api/notification-preferences', { alertEmails: true });
    expect(back.statusCode).toBe(200);
    expect(back.json().preferences.alertEmails).toBe(true);
    expect(await app.mail.outbox.unsubscribed(user.email, 'alert-emails')).toBe(false);
  });

  it('refuse bad preferences with a 400', async () => {
    const user = await investor();
    for (const payload of [{}, { alertEmails: 'yes' }, { unknown: true }]) {
      const response = await call(user, 'PATCH', '/api/notification-preferences', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBeTruthy();
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/notification-preferences' });
    expect(anonymous.statusCode).toBe(401);
  });
});

// Two apps on one database, each migrated and started: more than the suite's 20 s on a busy machine.
describe('two instances', { timeout: 60_000 }, () => {
  it('send each alert email once', async () => {
    clock.set(tuesday);
    const other = testApp.db.url
      ? await openDatabase({ databaseUrl: testApp.db.url, migrate: false })
      : testApp.db.database;
    const second = await buildApp(
      testConfig({ mail: { ...mailConfig } }),
      testDeps({ database: other, clock }),
    );
    await second.ready();
    try {
      const people = await Promise.all(Array.from({ length: 8 }, () => investor()));
      for (const person of people) {
        await setAlert(person, { symbol: 'KO', condition: { kind: 'price_above', level: 5000 } });
        await setAlert(person, { symbol: 'PEP', condition: { kind: 'price_above', level: 5000 } });
      }
      await bookHolds('KO', 'PEP');
      await quote('KO', 5001);
      await quote('PEP', 5001);
      // Both instances make passes at once, on the row locks, and through the jobs table.
      const passes = await Promise.all([
        app.alertMail.alertEmails.sendDue(),
        second.alertMail.alertEmails.sendDue(),
        app.alertMail.runDue(),
        second.alertMail.runDue(),
      ]);
      expect(passes[0].queued + passes[1].queued).toBeGreaterThanOrEqual(1);
      await Promise.all([app.mail.deliverDue(), second.mail.deliverDue()]);
      for (const person of people) {
        const [mail] = await waitForAlertMails(person);
        expect(mail!.parsed.subject).toBe('2 alerts fired: KO rose above $5,000.00 and more');
      }
      await Promise.all([
        app.alertMail.alertEmails.sendDue(),
        second.alertMail.alertEmails.sendDue(),
      ]);
      await Promise.all([app.mail.deliverDue(), second.mail.deliverDue()]);
      for (const person of people) {
        expect(alertMails(person)).toHaveLength(1);
        const rows = await db()
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.userId, person.id), eq(emailOutbox.kind, 'alert-emails')));
        expect(rows).toHaveLength(1);
      }
    } finally {
      await second.close();
      if (other !== testApp.db.database) await other.close();
    }
  });
});

describe('the watchlist digest', () => {
  async function digestJobs(day: string) {
    return db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, watchlistDigestJob), eq(jobs.key, day)));
  }

  it('is scheduled once a trading day after the close, earlier on an early close, never on a holiday', async () => {
    // Thanksgiving: the market is closed, no digest.
    clock.set(new Date('2026-11-26T22:00:00Z'));
    await app.alertMail.runDue();
    expect(await digestJobs('2026-11-26')).toHaveLength(0);
    // The day after closes at 13:00: the digest is due 13:35 New York time (the simulated
    // market's bars are in 5 minutes after the close, the digest 30 minutes after that).
    clock.set(new Date('2026-11-27T15:00:00Z'));
    await app.alertMail.runDue();
    const [early] = await digestJobs('2026-11-27');
    expect(early!.runAt.toISOString()).toBe('2026-11-27T18:35:00.000Z');
    // A full day: 16:35.
    clock.set(new Date('2026-11-30T15:00:00Z'));
    await Promise.all([app.alertMail.runDue(), app.alertMail.runDue()]);
    const full = await digestJobs('2026-11-30');
    expect(full).toHaveLength(1);
    expect(full[0]!.runAt.toISOString()).toBe('2026-11-30T21:35:00.000Z');
  });

  it('goes only to those who asked, with a confirmed address, when something happened', async () => {
    clock.set(tuesday);
    const active = await investor();
    const quiet = await investor();
    const unconfirmed = await investor({ confirmed: false });
    const notAsked = await investor();
    for (const person of [active, quiet, unconfirmed]) {
      const response = await call(person, 'PATCH', '/api/notification-preferences', {
        watchlistDigest: true,
      });
      expect(response.statusCode).toBe(200);
    }
    for (const person of [active, unconfirmed, notAsked]) {
      await setAlert(person, {
        symbol: 'WMT',
        condition: { kind: 'price_above', level: 5000 },
        email: false,
      });
    }
    // The quiet one watches a symbol, and nothing of theirs fired.
    const [list] = await db()
      .insert(watchlists)
      .values({ userId: quiet.id, name: 'Quiet' })
      .returning();
    await db()
      .insert(watchlistItems)
      .values({ watchlistId: list!.id, userId: quiet.id, symbol: 'ZZZQ', position: 0 });
    await bookHolds('WMT');
    await quote('WMT', 5001);

    clock.set(new Date('2026-03-10T21:40:00Z'));
    const sent = await app.alertMail.digest.send('2026-03-10');
    expect(sent).toEqual({ queued: 1, quiet: 1 });
    await app.mail.deliverDue();
    const [mail] = await inbox.waitFor(active.email, 1, {
      subject: 'Your watchlists on Tuesday, March 10',
    });
    expect(mail!.parsed.text).toContain('Alerts fired');
    expect(mail!.parsed.text).toContain('WMT rose above $5,000.00');
    expect(mail!.parsed.text).toContain(`${testOrigin}${stockPath('WMT')}`);
    // Once a day, however often the job runs.
    expect(await app.alertMail.digest.send('2026-03-10')).toEqual({ queued: 0, quiet: 1 });
    for (const person of [quiet, unconfirmed, notAsked]) {
      expect(inbox.to(person.email, 'Your watchlists on Tuesday, March 10')).toHaveLength(0);
    }
  });
});
