// The Origins tab end to end against the emulator: a second origin made in the tab (the emulator
// keeps it in the recorded shape), a rule pointed at it through the rule form's choice list, then
// deleting it while that rule uses it (the 409 named, nothing lost) and `d` on the Default Origin.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, startApp, type App } from './harness.js';
import { FLOW_TIMEOUT, writes } from './flows-helpers.js';
import { RULE_FIELDS, choose, fieldLine, focusLabel, focusRow, openTab } from './editors-helpers.js';
import { demoId } from '../helpers/seed-ids.js';

const CFG = '/content_delivery/configurations';
const ORIGIN_FIELDS = [
  'name',
  'Host header',
  'addresses',
  'origin path',
  'type',
  'balancing',
  'protocol',
  'connect timeout',
  'timeout between bytes',
];
const RECORDED_ORDER = [
  'id',
  'name',
  'origin_path',
  'origin_type',
  'method',
  'host_header',
  'origin_protocol_policy',
  'addresses',
  'connection_timeout',
  'timeout_between_bytes',
];

interface OriginRecord {
  readonly id: number;
  readonly name: string;
  readonly [field: string]: unknown;
}

async function origins(app: App, conf: number): Promise<OriginRecord[]> {
  return (await app.emulator.call('GET', `${CFG}/${conf}/origins`)).body as OriginRecord[];
}

/** Chooses a value in the open choice list by the start of its label. */
async function typeField(app: App, label: string, text: string): Promise<void> {
  await focusLabel(app, label, ORIGIN_FIELDS);
  await app.press('enter', 'ctrl-u');
  await app.type(text);
  await app.press('enter');
}

describe.skipIf(!existsSync(BIN))('origins', () => {
  it(
    'a second origin made in the tab, a rule pointed at it by name, then its delete refused before it is sent (in the words of its 409) and the Default Origin kept',
    async () => {
      const app = await startApp({ cols: 140, rows: 36 });
      const conf = demoId(3);
      try {
        const before = await origins(app, conf);
        await openTab(app, conf, 'origins');
        await app.press('n');
        await app.waitForText('New origin');
        await typeField(app, 'name', 'eu backends');
        await typeField(app, 'Host header', 'api.eu.example');
        // A word it cannot read is refused beside the field, the text kept.
        await focusLabel(app, 'addresses', ORIGIN_FIELDS);
        await app.press('enter');
        await app.type('eu1.origin.example; 192.0.2.7 bakup');
        await app.waitForText('"bakup" is not understood');
        await app.press('ctrl-u');
        await app.type('eu1.origin.example w=5; 192.0.2.7 backup inactive');
        await app.press('enter');
        await app.waitUntil(
          () => fieldLine(app, 'addresses').includes('eu1.origin.example weight=5; 192.0.2.7 backup inactive'),
          'the addresses as typed',
        );
        // Two addresses need a load balancer: said beside the field before anything is sent.
        await app.waitUntil(() => fieldLine(app, 'addresses').includes('error: A single_origin has one address'), 'the schema says why');
        await focusLabel(app, 'type', ORIGIN_FIELDS);
        await app.press('enter');
        await choose(app, 'load_balancer');
        await app.waitUntil(() => !fieldLine(app, 'addresses').includes('error'), 'the error gone');
        await app.press('s');
        await app.waitForText(`POST ${CFG}/${conf}/origins {"name": "eu backends"`);
        await app.press('y');
        await app.waitForText('✓ saved');
        const post = writes(app.log()).at(-1)!;
        expect(post).toMatchObject({ method: 'POST', path: `${CFG}/${conf}/origins`, status: 201 });
        const after = await origins(app, conf);
        expect(after).toHaveLength(before.length + 1);
        const made = after.find((o) => o.name === 'eu backends')!;
        expect(Object.keys(made)).toEqual(RECORDED_ORDER);
        // The form now shows the origin the API made, under its id (not a new one still loading).
        await app.waitForText(new RegExp(`^ {2}id +${String(made.id)}\\b`, 'm'));
        expect(app.screen()).not.toContain('loading this origin');
        expect(made).toMatchObject({
          origin_type: 'load_balancer',
          host_header: 'api.eu.example',
          addresses: [
            { address: 'eu1.origin.example', weight: 5, server_role: 'primary', is_active: true },
            { address: '192.0.2.7', weight: null, server_role: 'backup', is_active: false },
          ],
        });
        await app.press('esc');
        await app.waitForText('eu backends');

        // The rule form's origin field chooses among the origins by name (and id).
        const rules = (await app.emulator.call('GET', `${CFG}/${conf}/rules_engine`)).body as Array<{ id: number; path: string }>;
        const rule = rules[0]!;
        await app.press('2');
        await app.waitForText(/behavior/);
        await focusRow(app, rule.id);
        await app.press('enter');
        await app.waitForText(/^[* ] path /m);
        await focusLabel(app, 'origin', RULE_FIELDS);
        await app.press('enter');
        await app.waitForText(`eu backends (${made.id})`);
        await choose(app, 'eu backends');
        await app.waitUntil(() => fieldLine(app, 'origin').includes(`eu backends (${made.id})`), 'the origin chosen');
        await app.press('s');
        await app.waitForText(`PATCH ${CFG}/${conf}/rules_engine/${rule.id} {"path_origin_id": ${made.id}}`);
        await app.press('y');
        await app.waitForText('✓ saved');
        expect(
          ((await app.emulator.call('GET', `${CFG}/${conf}/rules_engine/${rule.id}`)).body as { path_origin_id: number }).path_origin_id,
        ).toBe(made.id);
        await app.press('esc');

        // Deleting it while the rule uses it: said before anything is sent, in the API's words (its 409), the origin kept.
        await app.press('5');
        await app.waitForText('eu backends');
        await focusRow(app, made.id);
        const sent = writes(app.log()).length;
        await app.press('d');
        await app.waitForText(new RegExp(`not deleted: Origin ${made.id} is used by rules ${rule.id}\\b`));
        await app.waitForText('y: show those rules');
        expect(writes(app.log())).toHaveLength(sent);
        await app.press('n'); // not now

        // The Default Origin: d says why it stays, in the API's words; nothing is sent.
        await focusRow(app, before[0]!.id);
        await app.press('d');
        await app.waitForText(
          `not deleted: Origin ${before[0]!.id} is the configuration's Default Origin, made with it: it cannot be deleted`,
        );
        expect(writes(app.log())).toHaveLength(sent);
        expect(await origins(app, conf)).toHaveLength(before.length + 1);
      } finally {
        await app.close();
      }
    },
    FLOW_TIMEOUT,
  );
});
