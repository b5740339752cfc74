import { resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const sharedSource = resolve(import.meta.dirname, '../../../packages/shared/src') + sep;
const lazySchemaModule = resolve(import.meta.dirname, '../src/lib/lazy-schema.ts');

/** A top-level `const`, as the parser gives it (the part read here). */
interface Declarator {
  id: { type: string; name?: string; start: number };
  init: { type: string; start: number; end: number } | null;
}

/** The declarators of a top-level statement that declares constants, exported or not. */
function constants(statement: {
  type: string;
  kind?: string;
  declarations?: Declarator[];
  declaration?: unknown;
}): Declarator[] {
  const declaration =
    statement.type === 'ExportNamedDeclaration'
      ? (statement.declaration as typeof statement | null)
      : statement;
  if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') return [];
  return declaration.declarations ?? [];
}

/**
 * In the browser build, each schema of the shared package (a top-level constant named
 * `...Schema`) is built on its first use instead of when its module loads, and is marked
 * pure, so a schema no screen uses is left out of the bundle altogether. A screen's code
 * imports a module of the shared package for one schema or one constant, and the merged
 * chunk of the signed-in screens (`chunk-groups.ts`) holds many such modules: built at load,
 * their schemas cost every page load main-thread time for forms and answers it may never
 * see. The source is unchanged, and so is every schema once built (`lib/lazy-schema.ts`);
 * the server and its OpenAPI document use the schemas as written. The code keeps its lines,
 * so the hidden source maps still point at the right line.
 */
export function lazySharedSchemas(): Plugin {
  return {
    name: 'tickerwise:lazy-shared-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(sharedSource) || !id.endsWith('.ts') || id.endsWith('.test.ts')) {
        return null;
      }
      const program = this.parse(code, { lang: 'ts' }) as unknown as {
        body: Parameters<typeof constants>[0][];
      };
      const insertions: { at: number; text: string }[] = [];
      for (const statement of program.body) {
        for (const { id: name, init } of constants(statement)) {
          if (name.type !== 'Identifier' || !name.name?.endsWith('Schema') || !init) continue;
          if (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression') {
            continue;
          }
          // The parser's offsets must be the string's: anything else would cut code apart.
          if (!code.startsWith(name.name, name.start)) {
            throw new Error(`${id}: the parser's offsets do not match the source at ${name.name}`);
          }
          insertions.push({ at: init.start, text: '/* @__PURE__ */ lazySchema(() => (' });
          insertions.push({ at: init.end, text: '))' });
        }
      }
      if (insertions.length === 0) return null;
      let out = '';
      let from = 0;
      for (const { at, text } of insertions) {
        out += code.slice(from, at) + text;
        from = at;
      }
      out += code.slice(from);
      // On the first line, which holds the imports: no line moves.
      const result = `import { lazySchema } from ${JSON.stringify(lazySchemaModule)}; ${out}`;
      // Only text within lines was added: the lines stay where they were (Rollup's convention).
      return { code: result, map: null };
    },
  };
}
