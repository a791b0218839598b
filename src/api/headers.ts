// One header of an answer, as Node gives them (lower-case names; a repeated header is an array,
// whose first value counts), trimmed.
import type { IncomingHttpHeaders } from 'node:http';

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.trim();
}
