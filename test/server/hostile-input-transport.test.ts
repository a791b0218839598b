// Hostile requests at every write endpoint, the transport side (docs/api.md §1, §2): wrong or missing
// Content-Type (415), bodies on both sides of 1 MiB (413), with and without Content-Length, and hostile
// bodies through the request log (`--log`). The same answer checks as hostile-input.test.ts.
import { Buffer } from 'node:buffer';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorFixture, tempDir } from '../helpers/emulator.js';
import {
  MIB,
  WRITE_ENDPOINTS,
  checkWrite,
  describeBody,
  endpointOf,
  findTargets,
  makeBody,
  objectParts,
  rawBody,
  runs,
  schemaBody,
  schemaEntries,
  type Targets,
} from '../helpers/hostile.js';

const emu = emulatorFixture(['--seed', 'demo']);
let targets: Targets;
beforeAll(async () => {
  targets = await findTargets(emu);
});

/** `application/json` however it is spelt (parameters allowed): the body is read. */
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'Application/Json;charset=UTF-8',
  'application/json ; x=y',
];
/** Anything else, or no header at all: 415 before the body is looked at. */
const OTHER_TYPES = [
  null,
  '',
  'text/plain',
  'text/plain;charset=UTF-8',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json-patch+json',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'application/jsonp',
  'application/json, text/plain',
  'application/*',
  '*/*',
  'json',
  'application/xml',
  'application/octet-stream',
];

const TYPE_RUNS = 40;
const SIZE_RUNS = 12;
const LOG_RUNS = 150;

describe.each(WRITE_ENDPOINTS)('%s', (label) => {
  it(`415 for a Content-Type that is not application/json, never for one that is (${TYPE_RUNS} runs)`, async () => {
    const ep = endpointOf(targets, label);
    const bodies = fc.oneof(schemaBody(ep.schema, ep.op, targets.refs), rawBody(ep.schema, ep.op, targets.refs));
    await fc.assert(
      fc.asyncProperty(bodies, fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES), async (body, type) => {
        const a = await checkWrite(emu, ep, targets.scope, makeBody(body.bytes, body.note, type));
        if (JSON_TYPES.includes(type as string)) expect(a.status, `${type}: ${a.text.slice(0, 200)}`).not.toBe(415);
        else expect(a.status, `${String(type)}: ${a.text.slice(0, 200)}`).toBe(415);
      }),
      runs(TYPE_RUNS),
    );
  }, 60_000);

  it(`413 just over 1 MiB, with or without Content-Length; never at 1 MiB or under (${SIZE_RUNS} runs)`, async () => {
    const ep = endpointOf(targets, label);
    const size = fc.oneof(
      fc.constantFrom(MIB, MIB + 1),
      fc.integer({ min: MIB - 4096, max: MIB + 4096 }),
      fc.integer({ min: MIB + 1, max: 3 * MIB }),
    );
    // A real body padded to the size with white space after it (still valid JSON), or one string value of that size.
    const padded = fc.record({
      entries: schemaEntries(ep.schema, ep.op, targets.refs),
      field: fc.constantFrom(...ep.schema.fields.map((f) => f.name)),
      inString: fc.boolean(),
      size,
      chunked: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(padded, async ({ entries, field, inString, size, chunked }) => {
        const head = `{${JSON.stringify(field)}:"`; // field names are ASCII: one byte a character
        const object = makeBody(objectParts(entries), '').bytes;
        const body = inString
          ? makeBody(
              [head, 'a'.repeat(size - head.length - 2), '"}'],
              `a ${field} of ${size - head.length - 2} characters`,
              'application/json',
              chunked,
            )
          : makeBody([object, ' '.repeat(Math.max(0, size - object.length))], 'an object and white space', 'application/json', chunked);
        const a = await checkWrite(emu, ep, targets.scope, body);
        const shown = `${describeBody(body)}: ${a.status} ${a.text.slice(0, 200)}`;
        if (body.bytes.length > MIB) expect(a.status, shown).toBe(413);
        else expect(a.status, shown).not.toBe(413);
      }),
      runs(SIZE_RUNS),
    );
  }, 60_000);
});

describe('with --log', () => {
  const logFile = join(tempDir('cdn-tui-hostile-'), 'requests.jsonl');
  const logged = emulatorFixture(['--seed', 'demo', '--log', logFile]);
  let logTargets: Targets;
  beforeAll(async () => {
    logTargets = await findTargets(logged);
  });

  /** What the log gained from byte `from` on, as lines. */
  function linesFrom(from: number): string[] {
    const size = statSync(logFile).size;
    const buf = Buffer.alloc(size - from);
    const fd = openSync(logFile, 'r');
    try {
      readSync(fd, buf, 0, buf.length, from);
    } finally {
      closeSync(fd);
    }
    return buf
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '');
  }

  it(`hostile writes are answered and logged as one JSON line each (${LOG_RUNS} runs)`, async () => {
    const cases = fc.constantFrom(...WRITE_ENDPOINTS).chain((label) => {
      const ep = endpointOf(logTargets, label);
      return fc.tuple(
        fc.constant(label),
        fc.oneof(schemaBody(ep.schema, ep.op, logTargets.refs), rawBody(ep.schema, ep.op, logTargets.refs)),
      );
    });
    await fc.assert(
      fc.asyncProperty(cases, async ([label, body]) => {
        const ep = endpointOf(logTargets, label);
        const from = statSync(logFile).size;
        const a = await checkWrite(logged, ep, logTargets.scope, body);
        const lines = linesFrom(from);
        const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
        const writes = entries.filter((e) => e.method === ep.method);
        expect(
          writes.map((e) => [e.path, e.status]),
          describeBody(body),
        ).toEqual([[ep.path, a.status]]);
      }),
      runs(LOG_RUNS),
    );
  }, 60_000);
});
