import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { testOrigin } from './test-app.ts';

export interface LoggedStatement {
  /** The `x-test-tag` of the request that sent it; undefined for anything else. */
  tag: string | undefined;
  statement: string;
}

/**
 * Every statement the database is sent, with the tag of the request that sent it: a request a
 * test tags (`x-test-tag`) runs its handler under that tag from after its body is parsed, so
 * everything the route sends is logged under it, in the order the database got it. Give
 * `onQuery` and `extend` to `createTestApp`.
 */
export function statementLog() {
  const tags = new AsyncLocalStorage<string>();
  const entries: LoggedStatement[] = [];
  return {
    entries,
    onQuery(statement: string) {
      entries.push({ tag: tags.getStore(), statement });
    },
    extend(app: FastifyInstance) {
      app.addHook('preValidation', (request, _reply, done) => {
        const tag = request.headers['x-test-tag'];
        if (typeof tag === 'string') tags.run(tag, done);
        else done();
      });
    },
    /** What the requests tagged `tag` sent, a transaction's begin, commit and rollback left out. */
    of(tag: string): string[] {
      return entries
        .filter(
          (entry) => entry.tag === tag && !/^(begin|commit|rollback)\b/i.test(entry.statement),
        )
        .map((entry) => entry.statement);
    },
    /** A request of `user` whose statements are logged under `tag`. */
    inject(
      app: FastifyInstance,
      tag: string,
      user: { cookie: string },
      method: string,
      url: string,
      payload?: unknown,
    ) {
      return app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: user.cookie, origin: testOrigin, 'x-test-tag': tag },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    },
  };
}
