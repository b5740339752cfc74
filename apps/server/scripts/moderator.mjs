// Grants or revokes the community's moderator role: `npm run moderator -- grant EMAIL`,
// `revoke EMAIL` or `list`. Like `npm run notify`, it asks the running server (docs/decisions/0004),
// found through DATA_DIR/operator.json, with the operator token it holds.
import { runRoleCommand } from './role-command.mjs';

await runRoleCommand({
  command: 'moderator',
  usage: `Usage: npm run moderator -- grant EMAIL | revoke EMAIL | list

  grant EMAIL    the account with this email may open the moderation queue
                 (/dashboard/social/moderation) and decide on hidden, held and appealed posts
  revoke EMAIL   takes the role away
  list           the moderators, with when they became one

Run it where the server runs, with the same DATA_DIR (default ./data).`,
  path: '/api/operator/moderators',
  listKey: 'moderators',
  noun: 'a moderator',
  line: (moderator) => `${moderator.email}${moderator.handle ? ` @${moderator.handle}` : ''}`,
  empty: 'No moderators yet. Grant the role with: npm run moderator -- grant EMAIL',
});
