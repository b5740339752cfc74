// Plain ESM (no TypeScript to strip), so benchmarks run by bare `node` import it as they are;
// index.d.mts gives TypeScript callers the types.

export { inviteCodes } from './invite-codes.mjs';
export { buildServerBundle, repositoryRoot } from './server-bundle.mjs';
export { freePort, startServerProcess } from './server-process.mjs';
