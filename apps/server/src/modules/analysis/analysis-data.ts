import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { analysisOpens } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * What the AI analyst holds about the user in the data export: which stocks' written analyses
 * they opened on which UTC day (the first open of a day cost one AI credit). The analyses
 * themselves are shared by every reader and hold nothing of the user. Opens are kept a week.
 */
export function analysisDataPart(db: Db): UserDataPart {
  return {
    name: 'analysis',
    tables: [analysisOpens],
    async collect(userId) {
      const opens = await db
        .select({
          symbol: analysisOpens.symbol,
          day: analysisOpens.day,
          openedAt: analysisOpens.openedAt,
        })
        .from(analysisOpens)
        .where(eq(analysisOpens.userId, userId))
        .orderBy(asc(analysisOpens.openedAt), asc(analysisOpens.symbol));
      return { writtenAnalysesOpened: opens.map(plainRow) };
    },
  };
}
