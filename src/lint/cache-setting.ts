// Findings on a cache setting: an override that caches nothing, a whitelist or blacklist of no
// names, and (when the rules were read) a cache setting no rule uses.
import type { Rec } from '../schema/index.js';
import { quoted } from './text.js';
import { finding, idOf, recordsOf, stringsOf, type LintFinding, type LintScope } from './types.js';

/** A vary mode and the list of names it reads: `cache_by_query_string` with `query_string_fields`. */
const VARY = [
  ['cache_by_query_string', 'query_string_fields', 'query string field'],
  ['cache_by_cookies', 'cookie_names', 'cookie'],
] as const;

function varyFindings(c: Rec): LintFinding[] {
  return VARY.flatMap(([mode, list, what]) => {
    const value = c[mode];
    if ((value !== 'whitelist' && value !== 'blacklist') || stringsOf(c[list]).length > 0) return [];
    const effect =
      value === 'whitelist'
        ? `the cache ignores every ${what}, so answers that differ by one are served from one cached copy`
        : `the cache varies by every ${what}, so few answers are served from it`;
    return [finding('empty_vary_list', 'cache_setting', c, list, `${mode} is "${value}" but ${list} names no ${what}: ${effect}.`)];
  });
}

export function lintCacheSetting(c: Rec, scope: LintScope): LintFinding[] {
  const out: LintFinding[] = [];
  if (c.cdn_cache_settings === 'override' && c.cdn_cache_settings_maximum_ttl === 0) {
    out.push(
      finding(
        'override_zero_ttl',
        'cache_setting',
        c,
        'cdn_cache_settings_maximum_ttl',
        'cdn_cache_settings "override" with cdn_cache_settings_maximum_ttl 0 caches nothing: every request goes to the origin.',
      ),
    );
  }
  out.push(...varyFindings(c));
  // Only a cache setting made (with an id) can be named by a rule; only read rules can be asked.
  const id = idOf(c);
  const rules = recordsOf(scope.rules);
  if (rules !== undefined && id !== undefined && !rules.some((r) => r.cache_settings_id === id)) {
    const name = typeof c.name === 'string' ? `${quoted(c.name)} ` : '';
    out.push(
      finding(
        'unused_cache_setting',
        'cache_setting',
        c,
        'id',
        `cache setting ${name}(${id}) is used by no rule (cache_settings_id): it has no effect.`,
      ),
    );
  }
  return out;
}
