// 100,000 configurations, end to end: the list is read page by page, its first rows show while the
// rest is still coming (the count line says so), and once it is whole the end of the list and the
// filter reach every row. Each answer is delayed a little (`--latency`) so the streaming is seen.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLog, spawnEmulator, tempDir } from '../helpers/emulator.js';
import { BIN, startApp } from './harness.js';
import { FLOW_TIMEOUT, visibleLines } from './flows-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const N = 100_000;

describe.skipIf(!existsSync(BIN))(`${N.toLocaleString('en')} configurations`, () => {
  it(
    'the first page shows while the rest streams in; then End and the filter reach every row',
    async () => {
      const log = `${tempDir('cdn-tui-long-')}/requests.log`;
      const emulator = await spawnEmulator(['--seed', String(N), '--latency', '20', '--log', log]);
      const app = await startApp({ emulator, cols: 120, rows: 30 });
      try {
        await app.waitForText(new RegExp(`^\\d+ of ${N} configurations, loading…`, 'm'), 20_000);
        expect(visibleLines(app).some((l) => new RegExp(`^[ !] +${demoId(1)} \\S+ +\\S+\\.map\\.`).test(l))).toBe(true); // rows, not "loading"
        await app.waitForText(new RegExp(`^${N} of ${N} configurations$`, 'm'), 30_000);

        const gets = readLog(log).filter((l) => l.method === 'GET' && l.path.startsWith('/content_delivery/configurations?'));
        expect(gets[0]?.path).toBe('/content_delivery/configurations?page=1&page_size=1000');
        expect(gets).toHaveLength(N / 1000);

        await app.press('end');
        await app.waitUntil(
          () =>
            app.inverseRows().some((r) =>
              app
                .inverseText(r)
                .replace(/^[*●!]?\s*/, '')
                .startsWith(`${demoId(N)} `),
            ),
          'the last row focused',
        );

        await app.press('/');
        await app.type('-99999');
        await app.press('enter');
        await app.waitForText(new RegExp(`1 of ${N} configurations . /-99999`));
        expect(visibleLines(app).filter((l) => /^[ !] +\d+ \S/.test(l))).toEqual([
          expect.stringMatching(new RegExp(`^[ !] +${demoId(99999)} \\S+-99999 `)),
        ]);
      } finally {
        await app.close();
        await emulator.close();
      }
    },
    FLOW_TIMEOUT * 2,
  );
});
