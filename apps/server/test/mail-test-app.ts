import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { SmtpInbox } from './smtp-inbox.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** The sender every email test's app uses. */
export const testMailFrom = 'Tickerwise <no-reply@127.0.0.1>';

export interface MailTestApp {
  /** The real SMTP server the app sends to. */
  readonly inbox: SmtpInbox;
  /**
   * The app, usable from the file's first `beforeAll` on: it stands for the app the setup
   * starts, so a test file can take it at its top level.
   */
  readonly app: FastifyInstance;
  readonly testApp: TestApp;
  /**
   * Waits for the messages requests queued in the background (an answer does not wait for
   * them), then sends every one that is due.
   */
  deliver(): Promise<void>;
}

/**
 * The setup of a test file that reads email: a real SMTP server on 127.0.0.1 and the whole app
 * sending to it, started before the file's tests and stopped after them. Call it at the top
 * level of the file; its `beforeAll` runs before any the file declares later.
 */
export function useMailTestApp(options: TestAppOptions = {}): MailTestApp {
  const inbox = new SmtpInbox();
  let current: TestApp | undefined;
  const started = (): TestApp => {
    if (!current) throw new Error('The mail test app starts in beforeAll');
    return current;
  };
  beforeAll(async () => {
    await inbox.start();
    current = await createTestApp({
      ...options,
      config: { ...options.config, mail: { smtpUrl: inbox.url, from: testMailFrom } },
    });
  });
  afterAll(async () => {
    await current?.close();
    await inbox.stop();
  });
  const app = new Proxy({} as FastifyInstance, {
    get(_target, key) {
      const real = started().app;
      const value: unknown = Reflect.get(real, key, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
  });
  return {
    inbox,
    app,
    get testApp() {
      return started();
    },
    async deliver() {
      const { app } = started();
      await app.mail.mailer.settle();
      await app.mail.deliverDue();
    },
  };
}
