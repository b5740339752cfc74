/**
 * A schema that `build` makes on its first use: reading a property of it (`parse`,
 * `safeParse`, `shape`, `_zod`, ...) builds it once, and the reading goes to the built one.
 * The web build wraps the shared package's schemas in it (`scripts/lazy-shared-schemas.ts`),
 * so loading a screen builds only the schemas that are used, when they are used; the server
 * builds them from the same source as written.
 */
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  let built: Schema | undefined;
  const schema = () => {
    built ??= build();
    return built;
  };
  return new Proxy({} as Schema, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
