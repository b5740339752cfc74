import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { beforeEach, describe, expect, it } from 'vitest';
import { testMailFrom, useMailTestApp } from '../../../test/mail-test-app.ts';
import { createTestApp, testConfig, testDeps } from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { buildApp } from '../../app.ts';
import { defaultLimits } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { emailOutbox, jobs } from '../../db/schema/index.ts';
import { JobQueue } from '../jobs/job-queue.ts';
import { Message, Paragraph } from './layout.tsx';
import type { Email } from './mailer.ts';
import type { MailKind } from './outbox.ts';
import { sendBatchSize, sendEmailJob } from './outbox.ts';

const clock = testClock();
const hour = 3600;
const mailApp = useMailTestApp({
  clock,
  config: { limits: { ...defaultLimits, emailsPerRecipient: { max: 6, windowSeconds: hour } } },
});
const { inbox, app } = mailApp;

const news: MailKind = {
  name: 'product-news',
  essential: false,
  perRecipient: { max: 3, windowSeconds: hour },
};
const notice: MailKind = {
  name: 'security-notice',
  essential: true,
  perRecipient: { max: 5, windowSeconds: hour },
};

let counter = 0;
const address = () => `reader${++counter}@example.com`;

function email(kind: MailKind, to: string, subject = 'What is new at Tickerwise'): Email {
  return {
    kind,
    to,
    subject,
    body: (footer) => (
      <Message
        preview="Two things changed"
        heading="What is new"
        footer={footer}
        action={{ label: 'See the stock', url: 'http://127.0.0.1:3000/dashboard/stocks/AAPL' }}
      >
        <Paragraph>
          Watchlists <b>now</b> show ratings & moves.
        </Paragraph>
      </Message>
    ),
  };
}

const send = (message: Email) => app.mail.mailer.send(message);

async function outboxRow(id: number) {
  const [row] = await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

beforeEach(() => clock.reset());

describe('sending email through SMTP', () => {
  it('delivers a branded message with HTML and plain-text parts, from the outbox', async () => {
    const to = address();
    const result = await send(email(notice, to, 'Your sign-in settings changed'));
    expect(result.queued).toBe(true);
    // Recorded first; nothing leaves until the job runs.
    expect(inbox.to(to)).toHaveLength(0);
    await app.mail.deliverDue();
    const [mail] = await inbox.waitFor(to);
    expect(mail!.parsed.subject).toBe('Your sign-in settings changed');
    expect(mail!.parsed.from?.value).toEqual([
      { name: 'Tickerwise', address: 'no-reply@127.0.0.1' },
    ]);
    expect(mail!.parsed.html).toContain('Tickerwise');
    expect(mail!.parsed.html).toContain('ratings &amp; moves');
    expect(mail!.parsed.text).toContain('Watchlists now show ratings & moves.');
    expect(mail!.parsed.text).toContain('http://127.0.0.1:3000/dashboard/stocks/AAPL');
    // The product's address in the footer.
    expect(mail!.parsed.text).toContain('127.0.0.1:3000');
    expect(mail!.parsed.messageId).toMatch(/^<\d+\.[0-9a-f]{16}@127\.0\.0\.1>$/);
    // Essential mail has no unsubscribe.
    expect(mail!.parsed.headers.has('list-unsubscribe')).toBe(false);
    const row = await outboxRow((result as { id: number }).id);
    expect(row.state).toBe('sent');
    expect(row.html).toBe('');
    expect(row.text).toBe('');
  });

  it('offers a one-click unsubscribe on non-essential mail that works (RFC 8058)', async () => {
    const to = address();
    await send(email(news, to));
    await app.mail.deliverDue();
    const [mail] = await inbox.waitFor(to);
    // Headers as a mail client reads them: a folded line joined to the one before.
    const headers = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribeUrl = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1] ?? '';
    expect(unsubscribeUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/email\/unsubscribe\?/);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(mail!.parsed.text).toContain('Email preferences');
    const path = unsubscribeUrl.replace('http://127.0.0.1:3000', '');

    // Opening the link (as a mail scanner does) only asks.
    const asked = await app.inject({ method: 'GET', url: path });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(to);
    expect(await app.mail.outbox.unsubscribed(to, news.name)).toBe(false);

    // A forged token changes nothing.
    const forged = await app.inject({
      method: 'POST',
      url: path.replace(/token=[^&]+/, 'token=forged'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(await app.mail.outbox.unsubscribed(to, news.name)).toBe(false);

    // The mail client's one-click POST.
    const posted = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(await app.mail.outbox.unsubscribed(to, news.name)).toBe(true);
    expect(await send(email(news, to))).toEqual({ queued: false, reason: 'unsubscribed' });
    // Essential mail still goes.
    expect((await send(email(notice, to))).queued).toBe(true);
  });

  it('refuses a malformed address, a header injection and an oversized body before queueing', async () => {
    const before = await app.database.db.select().from(emailOutbox);
    await expect(send(email(notice, 'not an address'))).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_email',
    });
    await expect(send(email(notice, 'a@example.com\r\nBcc: b@example.com'))).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      send(email(notice, address(), 'Hello\r\nBcc: victim@example.com')),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(send(email(notice, address(), 'x'.repeat(201)))).rejects.toMatchObject({
      statusCode: 400,
    });
    const huge: Email = {
      ...email(notice, address()),
      body: (footer) => (
        <Message preview="" heading="Big" footer={footer}>
          <Paragraph>{'x'.repeat(600 * 1024)}</Paragraph>
        </Message>
      ),
    };
    await expect(send(huge)).rejects.toMatchObject({ statusCode: 400 });
    const after = await app.database.db.select().from(emailOutbox);
    expect(after).toHaveLength(before.length);
  });

  it('limits messages per recipient and kind, and per recipient over every kind', async () => {
    const to = address();
    const results = [];
    for (let index = 0; index < 4; index++) results.push(await send(email(news, to)));
    expect(results.map((result) => result.queued)).toEqual([true, true, true, false]);
    expect(results[3]).toEqual({ queued: false, reason: 'rate_limited' });
    // The per-recipient ceiling (6 an hour here) counts every kind together.
    const notices = [];
    for (let index = 0; index < 4; index++) notices.push(await send(email(notice, to)));
    expect(notices.map((result) => result.queued)).toEqual([true, true, true, false]);
    // Another address is not affected.
    expect((await send(email(news, address()))).queued).toBe(true);
  });
});

describe('sending in batches', () => {
  it('sends more than a batch at once, each message once, each with its own outcome', async () => {
    // What earlier tests queued and left is sent first.
    await app.mail.deliverDue();
    const recipients = Array.from({ length: sendBatchSize + 5 }, address);
    const [refused, later] = recipients;
    inbox.refuse(refused!, { code: 550, message: 'No such user here' });
    inbox.refuse(later!, { code: 451, message: 'Try again later' });
    const ids: number[] = [];
    for (const to of recipients) {
      const result = await send(email(notice, to, 'Batched'));
      ids.push((result as { id: number }).id);
    }
    expect(await app.mail.deliverDue()).toBe(recipients.length);
    const delivered = recipients.slice(2);
    for (const to of delivered) await inbox.waitFor(to);
    for (const to of delivered) expect(inbox.to(to)).toHaveLength(1);
    const [first] = inbox.to(delivered[0]!);
    // The envelope's sender is MAIL_FROM's address; the From header keeps the name.
    expect(first!.from).toBe('no-reply@127.0.0.1');
    expect(first!.parsed.from?.value).toEqual([
      { name: 'Tickerwise', address: 'no-reply@127.0.0.1' },
    ]);
    const rows = await Promise.all(ids.map(outboxRow));
    expect(rows[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(rows[1]).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(rows.slice(2).every((row) => row.state === 'sent' && row.html === '')).toBe(true);
    // Nothing more is due: a second look sends nothing twice.
    expect(await app.mail.deliverDue()).toBe(0);
    for (const to of delivered) expect(inbox.to(to)).toHaveLength(1);
    // The one put back goes at its time.
    inbox.accept(later!);
    clock.set(new Date(clock().getTime() + 31_000));
    expect(await app.mail.deliverDue()).toBe(1);
    await inbox.waitFor(later!);
    expect(inbox.to(refused!)).toHaveLength(0);
  });
});

describe('when SMTP fails', () => {
  it('retries a temporary refusal (4xx) with backoff, then delivers', async () => {
    const to = address();
    inbox.refuse(to, { code: 451, message: 'Try again later' });
    const start = new Date('2026-03-02T10:00:00Z');
    clock.set(start);
    const result = await send(email(notice, to));
    const id = (result as { id: number }).id;
    await app.mail.deliverDue();
    let row = await outboxRow(id);
    expect(row.state).toBe('waiting');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451/);
    const [job] = await app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, String(id)));
    expect(job!.runAt.getTime()).toBe(start.getTime() + 30_000);
    // Not before its time.
    clock.set(new Date(start.getTime() + 20_000));
    expect(await app.mail.deliverDue()).toBe(0);
    inbox.accept(to);
    clock.set(new Date(start.getTime() + 31_000));
    await app.mail.deliverDue();
    await inbox.waitFor(to);
    row = await outboxRow(id);
    expect(row.state).toBe('sent');
  });

  it('gives up on a permanent refusal (5xx) and marks the address failing', async () => {
    const to = address();
    inbox.refuse(to, { code: 550, message: 'No such user here' });
    const result = await send(email(notice, to));
    await app.mail.deliverDue();
    const row = await outboxRow((result as { id: number }).id);
    expect(row.state).toBe('failed');
    expect(row.lastError).toMatch(/550/);
    expect(await app.mail.outbox.isFailing(to)).toBe(true);
    expect(await send(email(notice, to))).toEqual({ queued: false, reason: 'address_failing' });
    expect(inbox.to(to)).toHaveLength(0);
  });

  it('keeps messages while the server is down, reports them in health, and sends them when it returns', async () => {
    const to = address();
    await inbox.stop();
    const start = new Date('2026-03-03T10:00:00Z');
    clock.set(start);
    const first = await send(email(notice, to, 'First'));
    const second = await send(email(notice, to, 'Second'));
    await app.mail.deliverDue();
    expect((await outboxRow((first as { id: number }).id)).state).toBe('waiting');
    clock.set(new Date(start.getTime() + 90_000));
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().mail.backlog).toBeGreaterThanOrEqual(2);
    expect(health.json().mail.oldestWaitingSeconds).toBeGreaterThanOrEqual(90);

    await inbox.start();
    await app.mail.deliverDue();
    const mails = await inbox.waitFor(to, 2);
    expect(mails.map((mail) => mail.parsed.subject).sort()).toEqual(['First', 'Second']);
    expect((await outboxRow((second as { id: number }).id)).state).toBe('sent');
    clock.reset();
    const after = await app.inject({ method: 'GET', url: '/api/health' });
    expect(after.json().mail).toEqual({ backlog: 0, oldestWaitingSeconds: null });
  });

  it('sends a message whose sender died mid-way once its lease ends', async () => {
    const to = address();
    const start = new Date('2026-03-04T10:00:00Z');
    clock.set(start);
    await send(email(notice, to, 'After a crash'));
    // An instance takes the job and dies before sending.
    const dead = new JobQueue(app.database.db, () => clock().getTime());
    const taken = await dead.take([sendEmailJob]);
    expect(taken).toBeDefined();
    expect(await app.mail.deliverDue()).toBe(0);
    clock.set(new Date(start.getTime() + 11 * 60_000));
    expect(await app.mail.deliverDue()).toBe(1);
    const mails = await inbox.waitFor(to);
    expect(mails).toHaveLength(1);
  });
});

describe('several instances', () => {
  it('send each message once', async () => {
    const other = mailApp.testApp.db.url
      ? await openDatabase({ databaseUrl: mailApp.testApp.db.url, migrate: false })
      : mailApp.testApp.db.database;
    const second = await buildApp(
      testConfig({ mail: { smtpUrl: inbox.url, from: testMailFrom } }),
      testDeps({ database: other, clock }),
    );
    await second.ready();
    try {
      const recipients = Array.from({ length: 12 }, address);
      for (const to of recipients) await send(email(notice, to, 'Once'));
      const ran = await Promise.all([app.mail.deliverDue(), second.mail.deliverDue()]);
      expect(ran[0] + ran[1]).toBe(12);
      for (const to of recipients) await inbox.waitFor(to);
      for (const to of recipients) expect(inbox.to(to)).toHaveLength(1);
    } finally {
      await second.close();
      if (other !== mailApp.testApp.db.database) await other.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as a private .eml file in DATA_DIR/outbox', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tickerwise-mail-'));
    const local = await createTestApp({
      config: { dataDir, mail: { smtpUrl: undefined, from: 'Tickerwise <no-reply@localhost>' } },
    });
    try {
      const to = address();
      await local.app.mail.mailer.send(email(notice, to, 'Written to a file'));
      await local.app.mail.deliverDue();
      const folder = join(dataDir, 'outbox');
      const files = await readdir(folder);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-\d+\.eml$/);
      expect((await stat(join(folder, files[0]!))).mode & 0o777).toBe(0o600);
      const parsed = await simpleParser(await readFile(join(folder, files[0]!)));
      expect(parsed.subject).toBe('Written to a file');
      expect(parsed.text).toContain('Watchlists now show ratings & moves.');
    } finally {
      await local.close();
    }
  });
});
