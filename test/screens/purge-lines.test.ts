// The purge's review and outcome as a user reads them: the exact request before y, then each group
// of URLs accepted or refused with the service's words; warnings where a * will not act as one.
import { describe, expect, it } from 'vitest';
import { purgeRequest } from '../../src/api/index.js';
import type { PurgeJob } from '../../src/store/index.js';
import { purgeLines, purgeSummary, purgeWarnings } from '../../src/screens/purge/purge-lines.js';

const job: PurgeJob = {
  id: 1,
  target: { conf: 7 },
  title: 'shop (7)',
  kind: 'url',
  urls: ['a.example/x.jpg', ' ', 'b.example/x.jpg'],
  notes: [],
  stage: 'review',
  sent: [],
};
const text = (j: PurgeJob, width = 200) => purgeLines(j, width).map((l) => l.text);

describe('purge lines', () => {
  it('reviews the exact request, empty URLs left out', () => {
    expect(text(job)).toEqual(['POST /purge/url {"urls": ["a.example/x.jpg", "b.example/x.jpg"], "method": "delete"}']);
    expect(purgeSummary(job, '·')).toBe('Purge (url): 2 URLs, 1 request · y sends · n/Esc back to the URLs');
  });

  it('puts what the pre-flight found under its request, counts it on top, and says n goes back to fix it', () => {
    const found = [
      { severity: 'refused', field: 'urls', code: 'foreignHost', url: 'b.example/x.jpg', message: "b.example is not the account's." },
    ] as const;
    const lines = purgeLines(job, 200, '·', found);
    expect(lines.map((l) => l.text)).toEqual([
      'POST /purge/url {"urls": ["a.example/x.jpg", "b.example/x.jpg"], "method": "delete"}',
      "  ✗ b.example/x.jpg: b.example is not the account's.",
    ]);
    expect(lines[1]!.tone).toBe('error');
    expect(purgeSummary(job, '·', found)).toBe('Purge (url): 2 URLs, 1 request · 1 URL would be refused · n/Esc back to fix them');
    expect(purgeSummary(job, '·', [], true)).toBe('Purge (url): 2 URLs, 1 request · checking against the account · n/Esc back to the URLs');
  });

  it('shows each group of the answer under its request: accepted and refused, with their URLs', () => {
    const done: PurgeJob = {
      ...job,
      stage: 'done',
      sent: [
        {
          request: purgeRequest('url', ['a.example/x.jpg', 'b.example/x.jpg']),
          outcome: {
            httpStatus: 207,
            groups: [
              { status: 201, statusLine: 'HTTP/1.1 201 CREATED', urls: ['a.example/x.jpg'], details: 'Purge request successfully created' },
              {
                status: 403,
                statusLine: 'HTTP/1.1 403 FORBIDDEN',
                urls: ['b.example/x.jpg'],
                details: 'Unauthorized domain for your account',
              },
            ],
          },
        },
      ],
    };
    const lines = purgeLines(done, 200);
    expect(lines.map((l) => l.text)).toContain('  accepted 1 · HTTP/1.1 201 CREATED · Purge request successfully created');
    expect(lines.find((l) => l.text.startsWith('  refused 1'))).toMatchObject({
      text: '  refused 1 · HTTP/1.1 403 FORBIDDEN · Unauthorized domain for your account',
      tone: 'error',
    });
    expect(lines.map((l) => l.text.trim())).toContain('b.example/x.jpg');
    expect(purgeSummary(done, '·')).toMatch(/^Purged: 1 accepted, 1 refused/);
  });

  it('a request that failed says why; a stopped purge says what was not sent', () => {
    const stopped: PurgeJob = {
      ...job,
      kind: 'wildcard',
      urls: ['a.example/*', 'b.example/*'],
      stage: 'done',
      sent: [{ request: purgeRequest('wildcard', ['a.example/*']), message: 'rate limited', status: 429 }],
    };
    expect(text(stopped)).toEqual([
      'POST /purge/wildcard {"urls": ["a.example/*"], "method": "delete"}',
      '  error: not purged: rate limited',
      '1 not sent (stopped)',
    ]);
  });

  it("warns when a * will not act as a wildcard (a wildcard without one is the pre-flight's refusal)", () => {
    expect(purgeWarnings({ kind: 'url', urls: ['a.example/*'] })[0]).toMatch(/taken as it is/);
    expect(purgeWarnings({ kind: 'wildcard', urls: ['a.example/x'] })).toEqual([]);
    expect(purgeWarnings({ kind: 'wildcard', urls: ['a.example/*'] })).toEqual([]);
  });
});
