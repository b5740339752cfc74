import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../http/errors.ts';
import { escapeHtml, sendMessagePage } from '../../http/html-page.ts';
import { JobQueue, JobRunner } from '../jobs/service.ts';
import { Mailer } from './mailer.ts';
import { Outbox, sendBatchSize, sendEmailJob } from './outbox.ts';
import {
  InProcessRenderer,
  type MessageRenderer,
  RenderPool,
  type RenderWorkerEntry,
} from './render-pool.ts';
import { createTransport } from './transport.ts';

/** How often an idle instance looks for mail to send. */
const mailPollMs = 2_000;

export interface Mail {
  mailer: Mailer;
  outbox: Outbox;
  /** Draws messages: worker threads (`EMAIL_RENDER_WORKERS`), or in-process with none. */
  renderer: MessageRenderer;
  /** Sends every message that is due now, on this instance (tests; the runner does it too). */
  deliverDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Email: queue a message with `mail.mailer.send` (`modules/email`). */
    mail: Mail;
  }
}

const unsubscribeQuery = z.object({
  address: z.string().min(3).max(254),
  kind: z.string().regex(/^[a-z-]{1,40}$/),
  token: z.string().min(1).max(100),
});

export interface EmailOptions {
  config: Config;
  db: Db;
  clock: Clock;
  secret: string;
  /** The module render workers start from (`src/email-render-worker.ts`, or its bundle). */
  renderWorker: RenderWorkerEntry | undefined;
}

/**
 * The outbox and its sender: SMTP (`SMTP_URL`) or `.eml` files in `DATA_DIR/outbox/`. Unless
 * background jobs are off on this instance, its job runner sends what is due every 2 seconds,
 * 20 messages at a time. Messages render, and their MIME source is built, in worker threads
 * (`EMAIL_RENDER_WORKERS`, 1 by default), stopped with the app.
 */
export async function registerEmail(
  app: FastifyInstance,
  { config, db, clock, secret, renderWorker }: EmailOptions,
): Promise<Mail> {
  const workers = config.mail.renderWorkers ?? 1;
  if (workers > 0 && !renderWorker) {
    app.log.warn('no email render worker for this app: emails render on the event loop');
  }
  const renderer: MessageRenderer =
    workers > 0 && renderWorker
      ? new RenderPool({ size: workers, entry: renderWorker, log: app.log })
      : new InProcessRenderer();
  const transport = createTransport(
    config.mail,
    config.dataDir,
    (file) => app.log.info({ file }, 'email written to the outbox folder'),
    (message) => renderer.compose(message),
  );
  const outbox = new Outbox(db, clock, {
    from: config.mail.from,
    host: new URL(config.publicUrl).hostname,
    perRecipient: config.limits.emailsPerRecipient,
    transport,
    log: app.log,
  });
  const mailer = new Mailer(outbox, renderer, config.publicUrl, secret, app.log);
  app.addHook('preClose', () => mailer.settle());
  // After preClose: the job runners and the messages queued in the background are done.
  app.addHook('onClose', () => renderer.close());
  const now = () => clock().getTime();
  const runner = new JobRunner({
    queue: new JobQueue(db, now),
    handlers: {},
    batchHandlers: {
      [sendEmailJob]: { size: sendBatchSize, run: (taken) => outbox.deliverMany(taken) },
    },
    log: app.log,
    now,
    pollMs: mailPollMs,
  });
  if (config.backgroundJobs !== false) {
    app.addHook('onReady', async () => {
      app.log.info({ transport: transport.description }, 'email goes out through this');
      runner.start(app.scheduler);
    });
    app.addHook('preClose', async () => runner.stop());
  }
  app.addHook('onClose', async () => transport.close());

  const page = (reply: FastifyReply, status: number, title: string, body: string) =>
    sendMessagePage(reply, status, { title, body, publicUrl: config.publicUrl });

  await app.register(async (scope) => {
    // RFC 8058: a mail client's one-click unsubscribe is a form post.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.get(
      '/api/email/unsubscribe',
      { config: { access: 'public' } },
      async (request, reply) => {
        const query = parseInput(unsubscribeQuery, request.query);
        if (!mailer.verifies(query)) return page(reply, 400, 'This link is not valid', brokenLink);
        // Mail scanners open links: a GET only asks, the button's POST unsubscribes.
        return page(
          reply,
          200,
          'Unsubscribe',
          `<p>Stop sending ${escapeHtml(query.kind.replaceAll('-', ' '))} emails to
          <strong>${escapeHtml(query.address)}</strong>?</p>
          <form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
          <button type="submit">Unsubscribe</button></form>`,
        );
      },
    );
    scope.post(
      '/api/email/unsubscribe',
      { config: { access: 'public' } },
      async (request, reply) => {
        const query = parseInput(unsubscribeQuery, request.query);
        if (!mailer.verifies(query)) return page(reply, 400, 'This link is not valid', brokenLink);
        await outbox.unsubscribe(query.address, query.kind);
        return page(
          reply,
          200,
          'You are unsubscribed',
          `<p>No more ${escapeHtml(query.kind.replaceAll('-', ' '))} emails will go to
          <strong>${escapeHtml(query.address)}</strong>. You can turn them back on in your
          <a href="/dashboard/settings?tab=notifications">email preferences</a>.</p>`,
        );
      },
    );
  });

  const mail: Mail = { mailer, outbox, renderer, deliverDue: () => runner.runDue() };
  app.decorate('mail', mail);
  return mail;
}

const brokenLink = `<p>The link is incomplete or was changed. Use the link in your latest email,
  or change what we send in your <a href="/dashboard/settings?tab=notifications">email
  preferences</a>.</p>`;
