// Questions that wait for an answer: deleting (y; a configuration's name typed out, or how many
// for marked configurations); when the API refused to delete a cache setting or origin that rules use, the
// offer to show those rules; a clone's name.
import { Box } from 'ink';
import { Confirm } from '../../components/confirm.js';
import { buildRequest, formatRequest } from '../../diff/index.js';
import { listKey, parseKey, titleOf, type AppStore, type RecordKey } from '../../store/index.js';
import { safe } from '../../ui/text.js';
import { VIEW } from '../../app/routes.js';
import { useBodySize, useStores, useUiStore } from '../../app/stores.js';
import type { Question, UiStore } from '../../app/ui-store.js';
import { EMPTY_LIST, moveTo } from '../../app/views.js';
import { CloneQuestion } from './clone-question.js';
import { UNSAVED_ROWS, UnsavedQuestion } from './unsaved-question.js';

/** The exact DELETE line of a record. */
function deleteLine(data: AppStore, key: RecordKey): string {
  const { kind, conf, id } = parseKey(key);
  if (id === undefined) return '';
  const record = data.getState().records[key] ?? {};
  const request = buildRequest({ kind, id, op: 'delete', ...(conf !== undefined ? { conf } : {}) }, record, record);
  return request ? formatRequest(request) : '';
}

/** `3 configurations`, `2 rules` (marked rows are of one kind). */
function howMany(keys: readonly RecordKey[]): string {
  return `${keys.length} ${parseKey(keys[0] ?? '').kind.replace('_', ' ')}s`;
}

/** Sends the deletes, says how it went, and asks about rules that keep a cache setting in use. */
async function deleteNow(data: AppStore, ui: UiStore, keys: readonly RecordKey[]): Promise<void> {
  const names = new Map(keys.map((k) => [k, titleOf(k, data.getState().records[k])]));
  const outcome = await data.getState().deleteRecords(keys);
  if (outcome.inUse) {
    ui.getState().say('error', safe(outcome.inUse.message));
    ui.getState().ask({
      kind: 'in-use',
      message: outcome.inUse.message,
      rules: outcome.inUse.rules,
      conf: parseKey(outcome.inUse.key).conf ?? 0,
    });
  } else if (outcome.failed.length) {
    const first = outcome.failed[0]!;
    ui.getState().say('error', `${outcome.failed.length} of ${keys.length} not deleted: ${safe(first.message)}`);
  } else {
    ui.getState().say('ok', keys.length === 1 ? `deleted ${safe(names.get(keys[0]!) ?? '')}` : `deleted ${howMany(keys)}`);
  }
}

/** Shows the rules that use a cache setting or origin: the rules tab, those rules marked, the first focused. */
function showRules(data: AppStore, ui: UiStore, conf: number, rules: readonly RecordKey[]): void {
  const all = data.getState().lists[listKey('rule', conf)]?.keys ?? [];
  const first = all.findIndex((k) => rules.includes(k));
  ui.getState().setTab(conf, 'rules');
  ui.getState().setList(VIEW.tab(conf, 'rules'), () => moveTo({ ...EMPTY_LIST, marks: rules }, Math.max(0, first), all.length, 10));
}

/** Rows a question's box takes: borders, title, its lines (at most 6), the prompt, a note. */
export function questionRows(q: Question): number {
  if (q.kind === 'unsaved') return UNSAVED_ROWS;
  return q.kind === 'clone' ? 5 : 5 + (q.kind === 'delete' ? Math.min(6, q.keys.length) : 1);
}

export function QuestionOverlay() {
  const { data, ui } = useStores();
  const { width } = useBodySize();
  const question = useUiStore((s) => s.question);
  if (!question) return null;
  const done = () => ui.getState().ask(undefined);
  const boxWidth = Math.min(width, 100);
  if (question.kind === 'clone') {
    return (
      <Box>
        <CloneQuestion conf={question.conf} from={question.from} name={question.name} width={boxWidth} />
      </Box>
    );
  }
  if (question.kind === 'unsaved') {
    return (
      <Box>
        <UnsavedQuestion width={boxWidth} />
      </Box>
    );
  }
  if (question.kind === 'in-use') {
    return (
      <Box>
        <Confirm
          title={safe(question.message)}
          lines={['It can go once no rule uses it: point those rules elsewhere first.']}
          yes="show those rules"
          width={boxWidth}
          onConfirm={() => {
            done();
            showRules(data, ui, question.conf, question.rules);
          }}
          onCancel={done}
        />
      </Box>
    );
  }
  const { keys } = question;
  const one = keys.length === 1 ? keys[0] : undefined;
  const what = one ? titleOf(one, data.getState().records[one]) : howMany(keys);
  return (
    <Box>
      <Confirm
        title={safe(
          `Delete ${what}${parseKey(keys[0] ?? '').kind === 'configuration' ? (one ? ' and all it holds' : ' and all they hold') : ''}?`,
        )}
        lines={keys.map((k) => deleteLine(data, k))}
        {...(question.typeName !== undefined ? { typeToConfirm: safe(question.typeName) } : {})}
        {...(one ? {} : { typeWhat: 'how many' })}
        width={boxWidth}
        onConfirm={() => {
          done();
          ui.getState().setList(question.view, (v) => ({ ...v, marks: [] }));
          void deleteNow(data, ui, keys);
        }}
        onCancel={() => {
          done();
          ui.getState().say('info', 'delete cancelled');
        }}
      />
    </Box>
  );
}
