// The purge's review and outcome as lines (the purge screen windows them): the notes, then each
// request exactly as sent (method, path, body; wrapped, never cut); once sent, under each request
// what became of its URLs, group by group: accepted or refused, the service's status line and
// words, and the URLs. Pure.
import type { Line } from '../../components/scroll-lines.js';
import { formatRequest } from '../../diff/index.js';
import { purgeCounts, purgeRequests, type PurgeFinding, type PurgeJob, type PurgeSent } from '../../store/index.js';
import { safe, wrap } from '../../ui/text.js';

/** Lines of `text` wrapped to `width`, continuation lines indented by `indent`. */
function wrapped(text: string, width: number, tone: Line['tone'], indent = '    '): Line[] {
  const [head = '', ...rest] = wrap(text, width);
  const more = rest.length ? wrap(rest.join(''), Math.max(1, width - indent.length)).map((t) => indent + t) : [];
  return [{ text: head, tone }, ...more.map((t) => ({ text: t, tone }))];
}

/** What was answered to one request. */
function sentLines(s: PurgeSent, width: number, dot: string): Line[] {
  if (!s.outcome) return wrapped(`  error: not purged: ${safe(s.message ?? '')}`, width, 'error');
  const out: Line[] = [
    { text: `  answer ${s.outcome.httpStatus}${s.outcome.httpStatus === 207 ? ': some URLs refused' : ': all accepted'}`, tone: 'dim' },
  ];
  for (const g of s.outcome.groups) {
    const ok = g.status >= 200 && g.status < 300;
    out.push(
      ...wrapped(
        `  ${ok ? 'accepted' : 'refused'} ${g.urls.length} ${dot} ${safe(g.statusLine)} ${dot} ${safe(g.details)}`,
        width,
        ok ? 'ok' : 'error',
      ),
    );
    for (const u of g.urls) out.push(...wrapped(`      ${safe(u)}`, width, 'plain', '        '));
  }
  return out;
}

/** What the review warns of before y: a `*` that will not act as one (a wildcard without one is a refusal: the pre-flight's). */
export function purgeWarnings(job: Pick<PurgeJob, 'kind' | 'urls'>): string[] {
  const urls = job.urls.map((u) => u.trim()).filter((u) => u !== '');
  if (job.kind !== 'wildcard' && urls.some((u) => u.includes('*')))
    return [`a * in a ${job.kind} purge is taken as it is, not as a wildcard: n goes back to choose the kind wildcard for a prefix`];
  return [];
}

/** A problem the pre-flight found with a URL, under its request: `✗ www.x.com/a: …`. */
function findingLines(f: PurgeFinding, width: number, ascii: boolean): Line[] {
  const mark = f.severity === 'refused' ? (ascii ? 'x' : '✗') : '!';
  return wrapped(
    `  ${mark} ${f.url ? `${safe(f.url)}: ` : ''}${safe(f.message)}`,
    width,
    f.severity === 'refused' ? 'error' : 'warn',
    '      ',
  );
}

export function purgeLines(job: PurgeJob, width: number, dot = '·', found: readonly PurgeFinding[] = [], ascii = false): Line[] {
  const notes = job.stage === 'review' ? [...job.notes, ...purgeWarnings(job)] : job.notes;
  const out: Line[] = notes.flatMap((n) => wrapped(`note: ${safe(n)}`, width, 'warn'));
  if (out.length) out.push({ text: '' });
  const requests = job.stage === 'review' ? purgeRequests(job.kind, job.urls) : job.sent.map((s) => s.request);
  // Findings of no URL of a request (what could not be read) come first.
  if (job.stage === 'review') for (const f of found.filter((x) => x.url === undefined)) out.push(...findingLines(f, width, ascii));
  for (const [i, request] of requests.entries()) {
    out.push(...wrapped(safe(formatRequest({ ...request, body: { ...request.body, urls: [...request.body.urls] } })), width, 'request'));
    if (job.stage === 'review')
      for (const f of found.filter((x) => x.url !== undefined && request.body.urls.includes(x.url)))
        out.push(...findingLines(f, width, ascii));
    const sent = job.stage === 'review' ? undefined : job.sent[i];
    if (sent) out.push(...sentLines(sent, width, dot));
  }
  if (job.stage !== 'review') {
    const waiting = purgeRequests(job.kind, job.urls).length - job.sent.length;
    if (job.stage === 'sending' && waiting > 0) out.push({ text: `${waiting} more to send`, tone: 'dim' });
    if (job.stage === 'done' && waiting > 0) out.push({ text: `${waiting} not sent (stopped)`, tone: 'warn' });
  }
  return out;
}

/** The line on top: what y sends, or how it went. */
export function purgeSummary(job: PurgeJob, dot: string, found: readonly PurgeFinding[] = [], checking = false): string {
  const requests = purgeRequests(job.kind, job.urls);
  const urls = requests.reduce((n, r) => n + r.body.urls.length, 0);
  const many = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  if (job.stage === 'review') {
    const refused = new Set(found.filter((f) => f.severity === 'refused').map((f) => f.url)).size;
    const state = checking
      ? 'checking against the account'
      : refused
        ? `${many(refused, 'URL')} would be refused ${dot} n/Esc back to fix them`
        : 'y sends';
    return `Purge (${job.kind}): ${many(urls, 'URL')}, ${many(requests.length, 'request')} ${dot} ${state}${refused ? '' : ` ${dot} n/Esc back to the URLs`}`;
  }
  const { accepted, refused, failed } = purgeCounts(job.sent);
  const parts = [`${accepted} accepted`, ...(refused ? [`${refused} refused`] : []), ...(failed ? [`${failed} not purged`] : [])];
  if (job.stage === 'sending') return `Purging: ${parts.join(', ')} so far`;
  return `Purged: ${parts.join(', ')} ${dot} s edit the URLs and purge again ${dot} q back`;
}
