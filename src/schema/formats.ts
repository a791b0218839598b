// Checks of a string's form (API.md §4). Each returns the problem as a sentence, or undefined.
import { isIP } from 'node:net';
import { errorMessage } from '../util/errors.js';
import type { FormatName } from './types.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

function isHostname(value: string, minLabels: number): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  return labels.length >= minLabels && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}

const checks: Record<FormatName, (v: string) => string | undefined> = {
  hostname: (v) => (isHostname(v, 2) ? undefined : `"${v}" is not a valid host name.`),
  cname: (v) => {
    const host = v.startsWith('*.') ? v.slice(2) : v;
    return isHostname(host, 2) ? undefined : `"${v}" is not a valid host name.`;
  },
  'origin-address': (v) =>
    isIP(v) !== 0 || isHostname(v, 2) ? undefined : `"${v}" is not a valid IP address or host name.`,
  'origin-path': (v) =>
    v === '' || (v.startsWith('/') && !/\s/.test(v) && !CONTROL.test(v)) ? undefined : 'Must be empty or start with / (no white space or control characters).',
  'header-value': (v) =>
    /\s/.test(v) || CONTROL.test(v) ? 'May not contain white space or control characters.' : undefined,
  'http-url': (v) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      return 'Enter a valid absolute URL (http:// or https://).';
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || CONTROL.test(v) || /\s/.test(v)) {
      return 'Enter a valid absolute URL (http:// or https://).';
    }
    return undefined;
  },
  path: (v) => (CONTROL.test(v) ? 'May not contain control characters.' : undefined),
  token: (v) => (v.trim() === '' || CONTROL.test(v) ? 'May not be blank or contain control characters.' : undefined),
};

export function checkFormat(format: FormatName, value: string): string | undefined {
  return checks[format](value);
}

/** The problem with a regular expression's source, or undefined when it compiles as ECMAScript. */
export function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (e) {
    return `Not a valid regular expression: ${errorMessage(e).replace(/^Invalid regular expression: /, '')}.`;
  }
}
