// Opening a purge (P): the configuration (its domain name and cnames) and the rules to purge are
// read as they are now, the form starts prefilled (prefill.ts) and the purge screen opens.
import { listKey, recordKey, type PurgeTarget } from '../../store/index.js';
import { openFresh } from '../../app/open-fresh.js';
import type { Stores } from '../../app/stores.js';
import type { Rec } from '../../schema/index.js';
import { purgePrefill } from './prefill.js';

/** `shop-prod (1501)`, `rule /static/ in shop-prod (1501)`, `3 rules in shop-prod (1501)`. */
function titleFor(conf: Rec | undefined, id: number, rules: readonly Rec[]): string {
  const name = `${typeof conf?.name === 'string' ? conf.name : 'configuration'} (${id})`;
  if (rules.length === 0) return name;
  const [one] = rules;
  return rules.length === 1 && one ? `rule ${String(one.path)} in ${name}` : `${rules.length} rules in ${name}`;
}

export function openPurge(stores: Pick<Stores, 'data' | 'ui'>, target: PurgeTarget): void {
  const { data, ui } = stores;
  const confKey = recordKey('configuration', undefined, target.conf);
  const keys = target.rules?.length ? [confKey, listKey('rule', target.conf)] : [confKey];
  openFresh(stores, keys, 'the hosts to purge', () => {
    const s = data.getState();
    const conf = s.records[confKey];
    if (!conf) return ui.getState().say('error', `configuration ${target.conf} is gone from the server`);
    const rules = (target.rules ?? []).map((id) => s.records[recordKey('rule', target.conf, id)]).filter((r) => r !== undefined);
    const id = data.getState().startPurge(target, titleFor(conf, target.conf, rules), purgePrefill(conf, rules));
    ui.getState().push({ screen: 'purge', id, conf: target.conf });
  });
}
