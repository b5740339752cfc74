/**
 * Import boundaries, checked on resolved paths at any depth (`npm run lint:imports`):
 * docs/ARCHITECTURE.md, "Boundaries", says what each rule protects.
 *
 * Known violations still to be moved are listed in `.dependency-cruiser-known-violations.json`
 * (regenerate with `npm run lint:imports -- --baseline` only when removing entries from it):
 * a new violation fails lint, an old one does not.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';
const test = '(\\.test\\.tsx?|/test/.*)$';

/** What a server module offers the others: its service, and auth's guard, type and ends. */
const moduleSurface = [
  `${server}modules/[^/]+/(service|index)\\.ts$`,
  `${server}modules/auth/(auth|guard|session-ends)\\.ts$`,
  `${server}modules/operator/operator-access\\.ts$`,
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle: two files that need each other are one concern split in two.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-module-internals',
      severity: 'error',
      comment:
        'A server module reaches another only through its public surface (service.ts or index.ts; auth through guard.ts, auth.ts and session-ends.ts).',
      from: { path: `${server}modules/([^/]+)/`, pathNot: test },
      to: {
        path: `${server}modules/[^/]+/`,
        pathNot: [`${server}modules/$1/`, ...moduleSurface],
      },
    },
    {
      name: 'market-data-through-index',
      severity: 'error',
      comment:
        'Market data (quotes, history, symbols, company data, calendar, reference list, adapters) is one area: the rest of the server imports src/market-data/index.ts only (docs/decisions/0029-one-market-data-area.md). Server tests under apps/server/test may reach further.',
      from: { path: server, pathNot: `${server}market-data/` },
      to: { path: `${server}market-data/`, pathNot: `${server}market-data/index\\.ts$` },
    },
    {
      name: 'market-data-uses-module-surfaces',
      severity: 'error',
      comment:
        'The market-data area reaches a server module only through its public surface, as modules reach each other.',
      from: { path: `${server}market-data/`, pathNot: test },
      to: { path: `${server}modules/[^/]+/`, pathNot: moduleSurface },
    },
    {
      name: 'auth-imports-no-module',
      severity: 'error',
      comment:
        'Every module depends on auth, so auth imports no other module: the app hands it what it needs (onUserCreated, claimInvitation...).',
      from: { path: `${server}modules/auth/`, pathNot: test },
      to: { path: `${server}modules/`, pathNot: `${server}modules/auth/` },
    },
    {
      name: 'server-infrastructure-above-modules',
      severity: 'error',
      comment:
        'Shared server infrastructure (http, db, limits, lifecycle, config, clock) sits under the modules and never imports one.',
      from: {
        path: `${server}(http|db|limits|lifecycle|user-data)/|${server}(config|clock)\\.ts$`,
      },
      to: { path: `${server}modules/` },
    },
    {
      name: 'config-is-a-leaf',
      severity: 'error',
      comment: 'config.ts reads the environment for everyone, so it imports nothing of ours.',
      from: { path: `${server}config\\.ts$` },
      to: { path: `${server}` },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment:
        'Web features never import each other: share through src/components or src/lib, compose in src/app.',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: `${web}features/[^/]+/`, pathNot: `${web}features/$1/` },
    },
    {
      name: 'web-feature-to-app',
      severity: 'error',
      comment: 'Only src/app imports features; features never import src/app.',
      from: { path: `${web}features/` },
      to: { path: `${web}app/` },
    },
    {
      name: 'web-shared-to-features-or-app',
      severity: 'error',
      comment: 'src/components and src/lib are below the features and the app.',
      from: { path: `${web}(components|lib)/` },
      to: { path: `${web}(features|app)/` },
    },
    {
      name: 'shared-package-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is imported by both apps and imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-and-server-apart',
      severity: 'error',
      comment: 'The web app and the server meet only in packages/shared.',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      dot: { collapsePattern: '^apps/server/src/(modules/[^/]+|[^/]+)' },
    },
  },
};
