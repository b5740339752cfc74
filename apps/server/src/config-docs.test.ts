import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configVariables } from './config.ts';
import { serverRoot } from './package-root.ts';

const repoRoot = join(serverRoot, '..', '..');

/** The variables named in the first column of README's "Configuration" table. */
function readmeVariables(): string[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1] ?? '');
}

/** The variables `.env.example` sets, commented-out or not. */
function envExampleVariables(): string[] {
  const example = readFileSync(join(repoRoot, '.env.example'), 'utf8');
  return [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1] ?? '');
}

describe('configuration documentation', () => {
  it("README's configuration table names every variable the server reads, and no other", () => {
    expect([...readmeVariables()].sort()).toEqual([...configVariables].sort());
  });

  it('.env.example sets every variable the server reads, once, and no other', () => {
    const variables = envExampleVariables();
    expect(new Set(variables).size).toBe(variables.length);
    expect([...variables].sort()).toEqual([...configVariables].sort());
  });
});
