// The lint's codes: what the API accepts (or accepted once, or a file holds) but that breaks a site,
// stable snake_case words for --ignore and scripts. docs/lint.md describes each, in this order.
// Imports nothing: the command line checks --ignore with it before anything else loads.

export type LintKind = 'configuration' | 'rule' | 'cache_setting' | 'origin';

/** Every code, in the order docs/lint.md describes them. */
export const LINT_CODES = [
  'cname_access_only_without_cname',
  'shared_certificate_cnames',
  'origin_unreachable_address',
  'regex_invalid',
  'regex_catastrophic',
  'redirect_without_target',
  'https_redirect_on_http_site',
  'override_zero_ttl',
  'empty_vary_list',
  'unused_cache_setting',
] as const;

export type LintCode = (typeof LINT_CODES)[number];

export function isLintCode(s: string): s is LintCode {
  return LINT_CODES.some((code) => code === s);
}
