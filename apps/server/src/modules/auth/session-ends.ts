import type { Database } from '../../db/client.ts';

/**
 * The NOTIFY channel on which the database announces every session that ends, with the
 * `sessionKey` of its token (trigger `announce_session_end`, migration 0005).
 */
export const sessionEndedChannel = 'auth_session_revoked';

export interface SessionEndListener {
  /** A session ended (on any instance, through any route or tool). */
  ended(key: string): void;
  /**
   * The listening connection was lost and is back (PostgreSQL): announcements in between
   * were missed, so anything remembered about sessions may be stale.
   */
  missed(): void;
}

/** Listens for ended sessions; resolves to a function that stops listening. */
export async function listenForSessionEnds(
  database: Database,
  listener: SessionEndListener,
): Promise<() => Promise<void>> {
  const unlisten = await database.listen(sessionEndedChannel, (key) => listener.ended(key));
  const unrestored = database.onListenRestored(() => listener.missed());
  return async () => {
    unrestored();
    await unlisten();
  };
}
