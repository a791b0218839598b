// `cdn-tui find QUERY [--json]` and `cdn-tui bulk QUERY --set FIELD=VALUE... [--dry-run | --yes]`
// (docs/ux.md §1, §10): the query language of the palette over every configuration of the
// connection, for scripts. Both read what the query needs (the lists of the configurations its
// `in:` keeps) through the store, paced by the token's budget, each wait said on stderr. find
// prints one match a line (or a JSON array): exit 0 matches, 1 none, 2 bad usage, 4 cannot read.
// bulk sets fields of every match (values read by the field's type, as a form reads them; a cache
// setting or origin by name, the one of each record's own configuration), prints the review as
// apply does, grouped by configuration, asks (or --yes) and sends it paced, one send of the
// profile's history (one z in the TUI undoes it). Exit codes as apply's.
import { printable } from '../lint/index.js';
import { inScope, matchQuery, parseQuery, type Query, type QueryData, type QueryKind, type QueryMatch } from '../query/index.js';
import { accepts, checkValue, ruleFieldReferring, schemaFor, type FieldSpec, type Rec, type RefKind } from '../schema/index.js';
import {
  createAppStore,
  createFileHistory,
  createMemoryHistory,
  createMemoryJournal,
  historyFile,
  isFresh,
  listKey,
  namedIn,
  recordKey,
  stateDir,
  type AppState,
  type AppStore,
  type ChildKind,
  type RecordKey,
} from '../store/index.js';
import { parseField } from '../ui/values.js';
import { CliError, EXIT, UsageError } from './errors.js';
import type { BulkArgs, FindArgs, SetArg } from './find-args.js';
import { sayEachWait } from './paced-progress.js';
import type { TuiFlags } from './tui-args.js';
import { clientOf } from './transfer-side.js';
import { realIo, reviewAndSend, stdoutFlushed, type Io } from './transfer-review.js';

type Out = Pick<Io, 'out' | 'err'>;

/** Lists read at once (the budget holds them back when the window is spent). */
const READ_CONCURRENCY = 6;

function parsed(text: string): Query {
  const p = parseQuery(text);
  if (!p.ok) throw new UsageError(p.error);
  return p.query;
}

function recordsOf(keys: readonly string[] | undefined, records: AppState['records']): Rec[] {
  return (keys ?? []).flatMap((k) => (records[k] ? [records[k]] : []));
}

/** The store's records as the query sees them. */
function queryData(s: AppState): QueryData {
  return {
    configurations: recordsOf(s.lists.configurations?.keys, s.records),
    records: (kind, conf) => {
      const list = s.lists[listKey(kind, conf)];
      return list && recordsOf(list.keys, s.records);
    },
  };
}

interface Connection {
  readonly store: AppStore;
  readonly budget: ReturnType<typeof clientOf>['api']['budget'];
}

/** A store on the connection of `flags`; with `history`, sends go into the profile's history (the TUI's H). */
function connect(flags: TuiFlags, history: boolean): Connection {
  const { api, baseUrl } = clientOf(flags, undefined);
  const store = createAppStore({
    api,
    journal: createMemoryJournal(),
    history: history ? createFileHistory(historyFile(stateDir(process.env), baseUrl)) : createMemoryHistory(),
  });
  return { store, budget: api.budget };
}

/** Reads the configurations and, of those `query`'s `in:` keeps, the lists of `needs`: each wait for the rate limit said on stderr. */
async function readFor(conn: Connection, query: Query, needs: readonly ChildKind[], io: Out): Promise<QueryData> {
  const s = () => conn.store.getState();
  if (!(await s().ensureLoaded('configurations')))
    throw new CliError(`cannot list the configurations: ${s().requests.configurations?.message ?? 'no answer'}`, EXIT.unreadable);
  const confs = queryData(s())
    .configurations.filter((c) => inScope(query, c))
    .map((c) => Number(c.id));
  const lists = needs.flatMap((k) => confs.map((c) => listKey(k, c)));
  let done = 0;
  let total = lists.length;
  const started = Date.now();
  const stop = sayEachWait(conn.budget, io.err, 'read', () => ({ done, total }), 1);
  try {
    await s().loadLists(lists, {
      concurrency: READ_CONCURRENCY,
      progress: (d, t) => {
        done = d;
        total = t;
      },
    });
  } finally {
    stop();
  }
  const failed = lists.find((l) => !isFresh(s(), l));
  if (failed !== undefined) {
    const [kind, conf] = failed.split(':');
    throw new CliError(
      `cannot read the ${kind === 'cache_setting' ? 'cache settings' : `${kind ?? ''}s`} of configuration ${conf ?? ''}: ${s().requests[failed]?.message ?? 'no answer'}`,
      EXIT.unreadable,
    );
  }
  const took = Date.now() - started;
  if (took >= 2000)
    io.err(
      `read ${lists.length} list${lists.length === 1 ? '' : 's'} of ${confs.length} configuration${confs.length === 1 ? '' : 's'} in ${Math.round(took / 1000)} s\n`,
    );
  return queryData(s());
}

/** What names a match: a rule's path, every other record's name. */
const labelKey = (kind: QueryKind) => (kind === 'rule' ? 'path' : 'name');

/** `<configuration id> · <configuration name> · <kind> · <id> · <path or name>`, printable. */
export function matchLine(m: QueryMatch): string {
  return `${m.conf} · ${printable(m.confName)} · ${m.kind} · ${m.id} · ${printable(m.label)}\n`;
}

/** --json: an array of `{configuration: {id, name}, kind, id, path | name}`, two-space indented. */
export function matchesJson(matches: readonly QueryMatch[]): string {
  const items = matches.map((m) => ({
    configuration: { id: m.conf, name: m.confName },
    kind: m.kind,
    id: m.id,
    [labelKey(m.kind)]: m.label,
  }));
  return `${JSON.stringify(items, null, 2)}\n`;
}

export async function findCommand(args: FindArgs, io: Out = realIo): Promise<number> {
  const query = parsed(args.query);
  const conn = connect(args.flags, false);
  const data = await readFor(conn, query, query.needs, io);
  const { matches } = matchQuery(query, data);
  io.out(args.json ? matchesJson(matches) : matches.map(matchLine).join(''));
  await stdoutFlushed();
  return matches.length ? EXIT.ok : EXIT.different;
}

/** What one `--set` does to records of one kind: a value, or a reference by the referenced record's name. */
type Change =
  { readonly field: string; readonly value: unknown } | { readonly field: string; readonly ref: RefKind; readonly name: string };

const REF_ALIASES: ReadonlyMap<string, RefKind> = new Map<string, RefKind>([
  ['cache', 'cache_setting'],
  ['cache_setting', 'cache_setting'],
  ['origin', 'origin'],
]);

const kindName = (kind: QueryKind) => (kind === 'cache_setting' ? 'cache setting' : kind);

/** What a field takes, for a value it cannot. */
function takes(f: FieldSpec): string {
  switch (f.type) {
    case 'boolean':
      return 'true or false';
    case 'enum':
      return f.choices.join(', ');
    case 'integer':
      return `${f.unit === 'seconds' ? 'seconds (90, 5m, 1h, 2d)' : 'a whole number'}${f.nullable ? ', or none' : ''}`;
    case 'list':
      return 'items separated by commas';
    default:
      return f.nullable ? 'text, or none' : 'text';
  }
}

/** One `--set` for records of `kind`: the field the API names, and the value read by its type; bad usage when the kind has no such field or the value does not fit. */
function changeOf(set: SetArg, kind: QueryKind, several: boolean): Change {
  const alias = REF_ALIASES.get(set.field);
  const fields: readonly FieldSpec[] = schemaFor(kind).fields;
  const field = alias !== undefined && kind === 'rule' ? ruleFieldReferring(alias) : set.field;
  const f = fields.find((x) => x.name === field);
  const changeable = fields.filter((x) => accepts(x, 'patch') && x.type !== 'json').map((x) => x.name);
  if (!f || !accepts(f, 'patch') || f.type === 'json') {
    const why = f ? `cannot be changed` : `is no field of a ${kindName(kind)}`;
    const hint = kind === 'rule' ? ', cache_setting=NAME, origin=NAME' : '';
    throw new UsageError(
      `--set ${set.field}: ${why} (a ${kindName(kind)} has ${changeable.join(', ')}${hint})${several ? `; the query matches ${kindName(kind)}s too (kind: keeps one kind)` : ''}`,
    );
  }
  const text = set.value.trim();
  if ('ref' in f && f.ref !== undefined && !/^\d+$/.test(text) && !(f.nullable && /^(none|null|)$/.test(text)))
    return { field: f.name, ref: f.ref, name: set.value.trim() };
  const value = parseField(f, set.value);
  const checked = checkValue(f, value);
  if ('problems' in checked)
    throw new UsageError(
      `--set ${set.field}=${set.value}: ${f.name} takes ${takes(f)} (the API: ${checked.problems.map((p) => p.text).join(' ')})`,
    );
  return { field: f.name, value: checked.value };
}

/** The record a match is: its key in the store. */
function keyOf(m: QueryMatch): RecordKey {
  return m.kind === 'configuration' ? recordKey('configuration', undefined, m.id) : recordKey(m.kind, m.conf, m.id);
}

/** The heading of a configuration's group in the review. */
const groupOf = (m: Pick<QueryMatch, 'conf' | 'confName'>) => `configuration ${printable(m.confName)} (${m.conf})`;

export async function bulkCommand(args: BulkArgs, io: Io = realIo): Promise<number> {
  const query = parsed(args.query);
  const changes = new Map<QueryKind, Change[]>(query.kinds.map((k) => [k, args.sets.map((s) => changeOf(s, k, query.kinds.length > 1))]));
  const refs = [...changes.values()].flat().flatMap((c) => ('ref' in c ? [c.ref] : []));
  const needs = [...new Set<ChildKind>([...query.needs, ...refs])];
  // As apply: without a terminal to ask, say so before reading anything.
  if (!args.yes && !args.dryRun && !io.interactive)
    throw new UsageError('no terminal to ask before sending: add --yes to send without asking, or --dry-run to see the review');
  const conn = connect(args.flags, true);
  const data = await readFor(conn, query, needs, io);
  const { matches } = matchQuery(query, data);
  if (matches.length === 0) {
    io.out(`no match for ${args.query}: nothing to do\n`);
    return EXIT.ok;
  }
  const s = () => conn.store.getState();
  const keys: RecordKey[] = [];
  const groups: string[] = [];
  const groupByKey = new Map<RecordKey, string>();
  const problems = new Map<string, string[]>();
  let unchanged = 0;
  for (const m of matches) {
    const group = groupOf(m);
    if (!groups.includes(group)) groups.push(group);
    const key = keyOf(m);
    const values: Array<readonly [string, unknown]> = [];
    let missing = false;
    for (const c of changes.get(m.kind) ?? []) {
      if (!('ref' in c)) {
        values.push([c.field, c.value]);
        continue;
      }
      // The name as given; else the same name in another case, when only one has it.
      const named = namedIn(s(), c.ref, m.conf, c.name);
      if (named.length === 1) {
        values.push([c.field, Number(named[0]!.id)]);
        continue;
      }
      missing = true;
      const what = `${c.field}: ${kindName(m.kind)} ${printable(m.label)} (${m.id}): ${
        named.length ? `${named.length} ${kindName(c.ref)}s are named` : `no ${kindName(c.ref)} is named`
      } "${printable(c.name)}" in this configuration`;
      problems.set(group, [...(problems.get(group) ?? []), what]);
    }
    if (missing) continue;
    for (const [field, value] of values) s().editField(key, field, value);
    if (s().review(key)?.request) {
      keys.push(key);
      groupByKey.set(key, group);
    } else {
      s().discardDrafts([key]);
      unchanged++;
    }
  }
  const notes = unchanged
    ? [`${unchanged} of ${matches.length} matches already have ${args.sets.map((x) => `${x.field}=${x.value}`).join(' ')}: left alone`]
    : [];
  return reviewAndSend(
    conn.store,
    {
      keys,
      conflicts: [],
      notes,
      group: (k) => groupByKey.get(k) ?? '',
      groups,
      problems,
      fix: 'change the query or the --set',
    },
    args,
    io,
  );
}
