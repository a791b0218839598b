// What a thrown value says. Anything can be thrown, so nothing here assumes an Error.

/** An Error's message, else the value as text. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** An Error's stack (its message when it has none), else the value as text. */
export function errorStack(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

/** The string `code` of a thrown object (ENOENT, ECONNREFUSED, UND_ERR_…), when it has one. */
export function codeOf(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** The `name` of a thrown object (AbortError, …), when it has one. */
export function nameOf(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'name' in e && typeof e.name === 'string' ? e.name : undefined;
}
