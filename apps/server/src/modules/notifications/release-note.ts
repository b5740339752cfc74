import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/**
 * The note announcing this release (docs/PRODUCT.md §8, §13.3). Bump `version`
 * (and the text) with each release: every version is published exactly once.
 */
export const releaseNote = {
  version: '0.1.0',
  title: 'New Update: Tickerwise Alpha 0.1.0',
  message: 'Check out our latest platform update with new features and improvements!',
} as const;

/**
 * Publishes the release note at start-up unless it exists. The unique `once_key` makes this
 * safe when several instances start together: all but one insert nothing.
 */
export async function publishReleaseNote(db: Db): Promise<void> {
  await db
    .insert(notifications)
    .values({
      title: releaseNote.title,
      message: releaseNote.message,
      onceKey: `release:${releaseNote.version}`,
    })
    .onConflictDoNothing({ target: notifications.onceKey });
}
