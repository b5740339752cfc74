import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';

/** The header carrying the SHA-256 of the body, so `npm run backup` can tell a cut transfer. */
export const backupChecksumHeader = 'x-backup-sha256';

/**
 * `GET /api/operator/backup`: a consistent copy of the embedded database, for
 * `npm run backup`. Operators only: it holds every account's password hash. PostgreSQL has
 * its own tools (pg_dump), which back up without going through the app.
 */
export const backupRoutes: FastifyPluginAsync<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  app.get('/api/operator/backup', { config: { access: 'operator' } }, async (request, reply) => {
    if (database.kind !== 'pglite') {
      throw new AppError(
        409,
        'backup_not_supported',
        'This server stores its data in PostgreSQL: back it up with pg_dump (see the README).',
      );
    }
    const started = performance.now();
    const archive = Buffer.from(await ((await database.backup()) as Blob).arrayBuffer());
    request.log.info(
      { bytes: archive.length, ms: Math.round(performance.now() - started) },
      'database backup taken',
    );
    const stamp = clock().toISOString().replace(/[:.]/g, '-');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="tickerwise-${stamp}.tar.gz"`)
      .header(backupChecksumHeader, createHash('sha256').update(archive).digest('hex'))
      .type('application/gzip')
      .send(archive);
  });
};
