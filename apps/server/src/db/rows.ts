/** The rows of a raw `db.execute` result, the same over PGlite and node-postgres. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}
