// Findings on a configuration: a domain it cannot answer on, https its certificate does not cover,
// and (a create draft) a write-once origin address the edge cannot reach.
import type { Rec } from '../schema/index.js';
import { unreachable } from './address.js';
import { quoted, quotedList } from './text.js';
import { finding, stringsOf, type LintFinding } from './types.js';

export function lintConfiguration(c: Rec): LintFinding[] {
  const out: LintFinding[] = [];
  // A field left out reads as the API's default, what a create gives it: no cname, no certificate.
  const cnames = stringsOf(c.cname);
  if (c.cname_access_only === true && cnames.length === 0) {
    const own = typeof c.domain_name === 'string' && c.domain_name !== '' ? `, not even its own ${quoted(c.domain_name)}` : '';
    out.push(
      finding(
        'cname_access_only_without_cname',
        'configuration',
        c,
        'cname_access_only',
        `cname_access_only is true but the configuration has no cname: it answers on no domain${own}.`,
      ),
    );
  }
  if (
    c.delivery_protocol === 'http,https' &&
    cnames.length > 0 &&
    (c.digital_certificate === null || c.digital_certificate === undefined)
  ) {
    const them = cnames.length === 1 ? 'it' : 'them';
    out.push(
      finding(
        'shared_certificate_cnames',
        'configuration',
        c,
        'digital_certificate',
        `${quotedList(cnames)} ${cnames.length === 1 ? 'is' : 'are'} served over https with the platform's shared certificate (digital_certificate is null), which does not cover ${them}: browsers refuse https on ${them}.`,
      ),
    );
  }
  if (typeof c.origin_address === 'string') {
    const what = unreachable(c.origin_address);
    if (what)
      out.push(
        finding(
          'origin_unreachable_address',
          'configuration',
          c,
          'origin_address',
          `${quoted(c.origin_address)} is ${what}: the edge cannot reach it.`,
        ),
      );
  }
  return out;
}
