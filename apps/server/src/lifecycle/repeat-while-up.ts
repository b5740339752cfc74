import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` while the app is up (a clean-up of old rows, say): one run at
 * a time, a failure logged as `${name} failed` and tried again next time, and closing the app
 * waits for a run under way. The timer does not keep the process alive.
 */
export function repeatWhileUp(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
): void {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= task()
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
