// Hostile bodies at every write endpoint (docs/api.md §1, §2, §4), over real HTTP, as properties:
// never a 5xx or a hang; errors are JSON of §2's shapes; a rejected write changes nothing; an accepted
// write returns what a following GET returns and changes nothing else. Content types and body sizes
// are in hostile-input-transport.test.ts; the helpers (generators, checks) in test/helpers/hostile.ts.
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { emulatorFixture } from '../helpers/emulator.js';
import { WRITE_ENDPOINTS, checkWrite, endpointOf, findTargets, rawBody, runs, schemaBody, type Targets } from '../helpers/hostile.js';

const emu = emulatorFixture(['--seed', 'demo']);
let targets: Targets;
beforeAll(async () => {
  targets = await findTargets(emu);
});

const SCHEMA_RUNS = 150;
const RAW_RUNS = 100;

describe.each(WRITE_ENDPOINTS)('%s', (label) => {
  const endpoint = () => endpointOf(targets, label);

  it(`objects of the real fields with wrong, huge, nested or escaped values and unknown keys (${SCHEMA_RUNS} runs)`, async () => {
    const ep = endpoint();
    await fc.assert(
      fc.asyncProperty(schemaBody(ep.schema, ep.op, targets.refs), async (body) => {
        await checkWrite(emu, ep, targets.scope, body);
      }),
      runs(SCHEMA_RUNS),
    );
  }, 60_000);

  it(`random JSON and JS values, bytes, truncated JSON, invalid UTF-8, deep nesting (${RAW_RUNS} runs)`, async () => {
    const ep = endpoint();
    await fc.assert(
      fc.asyncProperty(rawBody(ep.schema, ep.op, targets.refs), async (body) => {
        await checkWrite(emu, ep, targets.scope, body);
      }),
      runs(RAW_RUNS),
    );
  }, 60_000);
});
