// Checks of a string's form (docs/api.md §4). Each returns the problem, or undefined.
import { isIP } from 'node:net';
import { errorMessage } from '../util/errors.js';
import { problem, type Problem } from './messages.js';
import type { FormatName } from './types.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

function isHostname(value: string, minLabels: number): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  return labels.length >= minLabels && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1)!);
}

const checks: Record<FormatName, (v: string) => Problem | undefined> = {
  hostname: (v) => (isHostname(v, 2) ? undefined : problem('badHostname', v)),
  cname: (v) => {
    const host = v.startsWith('*.') ? v.slice(2) : v;
    return isHostname(host, 2) ? undefined : problem('badHostname', v);
  },
  'origin-address': (v) => (isIP(v) !== 0 || isHostname(v, 2) ? undefined : problem('badAddress', v)),
  'origin-path': (v) => (v === '' || (v.startsWith('/') && !/\s/.test(v) && !CONTROL.test(v)) ? undefined : problem('badOriginPath')),
  'header-value': (v) => (/\s/.test(v) || CONTROL.test(v) ? problem('badHeaderValue') : undefined),
  'http-url': (v) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      return problem('badUrl');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || CONTROL.test(v) || /\s/.test(v)) {
      return problem('badUrl');
    }
    return undefined;
  },
  path: (v) => (CONTROL.test(v) ? problem('controlCharacters') : undefined),
};

export function checkFormat(format: FormatName, value: string): Problem | undefined {
  return checks[format](value);
}

/** The problem with a regular expression's source, or undefined when it compiles as ECMAScript. */
export function regexProblem(source: string): Problem | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (e) {
    return problem('badRegex', errorMessage(e).replace(/^Invalid regular expression: /, ''));
  }
}
