// What a purge form starts with (P on a configuration or a rule): the configuration's hosts (its
// domain name, unless only its cnames answer, and its cnames) × the rule's path. A path prefix (a
// rule's path is one unless it is a regex) is a wildcard `host/path*`; a path of one file
// (`/returns.html`) is that URL; a regular expression cannot be turned into URLs, so the form
// starts on the hosts' roots as URLs and says so. Pure: the form screen and its tests use it.
import type { PurgeKind } from '../../api/index.js';
import type { Rec } from '../../schema/index.js';

export interface PurgePrefill {
  readonly kind: PurgeKind;
  readonly urls: readonly string[];
  /** What the user should know about the URLs: hosts left out, a regex path. */
  readonly notes: readonly string[];
}

/** The hosts of a configuration a purge can name, and the ones it cannot (a wildcard cname). */
export function purgeHosts(conf: Rec): { readonly hosts: string[]; readonly notes: string[] } {
  const cnames = Array.isArray(conf.cname) ? conf.cname.filter((c): c is string => typeof c === 'string') : [];
  const wild = cnames.filter((c) => c.startsWith('*.'));
  const hosts = [
    ...(conf.cname_access_only === true || typeof conf.domain_name !== 'string' ? [] : [conf.domain_name]),
    ...cnames.filter((c) => !c.startsWith('*.')),
  ];
  const notes = wild.length ? [`left out ${wild.join(', ')}: a wildcard cname names no host; add the hosts under it by hand`] : [];
  if (conf.cname_access_only === true && typeof conf.domain_name === 'string')
    notes.push(`left out ${conf.domain_name}: only the cnames answer (cname access only)`);
  return { hosts: [...new Set(hosts.map((h) => h.toLowerCase()))], notes };
}

/** The last segment of a path looks like one file (`/returns.html`, `/robots.txt`). */
function isFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}

/**
 * The purge of a whole configuration (every host, everything under it: `host/*`) or of some of its
 * rules' paths (the rules of a cache setting that changed): hosts × paths.
 */
export function purgePrefill(conf: Rec, rules: readonly Rec[] = []): PurgePrefill {
  const { hosts, notes } = purgeHosts(conf);
  if (hosts.length === 0) notes.push('this configuration has no host to purge: type the URLs');
  if (rules.length === 0) return { kind: 'wildcard', urls: hosts.map((h) => `${h}/*`), notes };
  const paths = rules.map((r) => ({ path: typeof r.path === 'string' ? r.path : '/', regex: r.regex === true }));
  const regexes = paths.filter((p) => p.regex).map((p) => p.path);
  const plain = paths.filter((p) => !p.regex).map((p) => p.path);
  if (regexes.length) {
    notes.push(
      `a regular expression is no URL (${regexes.join(', ')}): type the URLs it should purge (a wildcard host/path* purges a prefix)`,
    );
  }
  if (plain.length === 0) return { kind: 'url', urls: hosts.map((h) => `${h}/`), notes };
  // One file each: those URLs. A prefix among them: a wildcard of each (a file's wildcard is itself and its variants).
  const files = plain.every(isFile);
  const urls = hosts.flatMap((h) => plain.map((p) => (files ? `${h}${p}` : `${h}${p}${p.endsWith('*') ? '' : '*'}`)));
  return { kind: files ? 'url' : 'wildcard', urls: [...new Set(urls)], notes };
}
