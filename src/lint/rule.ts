// Findings on a rule: a path that does not compile or backtracks catastrophically, a redirect to
// nowhere, and a redirect to an https the configuration does not serve.
import type { Rec } from '../schema/index.js';
import { errorMessage } from '../util/errors.js';
import { catastrophe } from './regex-scan.js';
import { quoted } from './text.js';
import { finding, type LintFinding, type LintScope } from './types.js';

/** Why `source` does not compile as an ECMAScript regular expression (`Unterminated group`), or undefined. */
function compileError(source: string): string | undefined {
  try {
    new RegExp(source);
    return undefined;
  } catch (e) {
    return errorMessage(e).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
  }
}

function regexFindings(r: Rec): LintFinding[] {
  if (r.regex !== true || typeof r.path !== 'string') return [];
  const error = compileError(r.path);
  if (error !== undefined) {
    return [
      finding(
        'regex_invalid',
        'rule',
        r,
        'path',
        `${quoted(r.path)} is not a valid regular expression (${error}): the rule matches no request.`,
      ),
    ];
  }
  const found = catastrophe(r.path);
  if (!found) return [];
  const why = found.why === 'nested' ? 'which repeats something inside it too' : 'whose alternatives can split one text in two ways';
  return [
    finding(
      'regex_catastrophic',
      'rule',
      r,
      'path',
      `${quoted(r.path)} repeats the group ${quoted(found.group)}, ${why}: a path that nearly matches makes the edge try exponentially many ways (catastrophic backtracking).`,
    ),
  ];
}

export function lintRule(r: Rec, scope: LintScope): LintFinding[] {
  const out = regexFindings(r);
  // A field left out reads as the API's default: a redirect_to of "".
  const target = r.redirect_to;
  if (r.behavior === 'redirect' && (target === undefined || target === null || (typeof target === 'string' && target.trim() === ''))) {
    out.push(
      finding(
        'redirect_without_target',
        'rule',
        r,
        'redirect_to',
        `behavior is "redirect" but redirect_to is ${quoted(target ?? '')}: the rule redirects its requests to nowhere.`,
      ),
    );
  }
  const delivery = scope.configuration?.delivery_protocol;
  if (r.protocol_policy === 'redirect_to_https' && delivery === 'http') {
    out.push(
      finding(
        'https_redirect_on_http_site',
        'rule',
        r,
        'protocol_policy',
        `protocol_policy "redirect_to_https" sends its requests to https, which the configuration does not serve (delivery_protocol "http"): they fail after the redirect.`,
      ),
    );
  }
  return out;
}
