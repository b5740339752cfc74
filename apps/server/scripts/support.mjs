// Grants or revokes the support agent role: `npm run support -- grant EMAIL`, `revoke EMAIL`
// or `list`. Like `npm run moderator`, it asks the running server (docs/decisions/0004), found
// through DATA_DIR/operator.json, with the operator token it holds.
import { runRoleCommand } from './role-command.mjs';

await runRoleCommand({
  command: 'support',
  usage: `Usage: npm run support -- grant EMAIL | revoke EMAIL | list

  grant EMAIL    the account with this email may open the support queue
                 (/dashboard/support/queue), read every request and answer it
  revoke EMAIL   takes the role away
  list           the support agents, with when they became one

Run it where the server runs, with the same DATA_DIR (default ./data).`,
  path: '/api/operator/support-agents',
  listKey: 'agents',
  noun: 'a support agent',
  line: (agent) => agent.email,
  empty: 'No support agents yet. Grant the role with: npm run support -- grant EMAIL',
});
