// A new rule with configurations marked in the browser (docs/ux.md §10, Add to many): opened in one
// of them, the form says it makes the rule in all of them, and `s` drafts the same rule in each of
// the others (origin and cache setting resolved by name there) and opens one review of the POSTs.
// `o` makes it in this configuration only (and back). The copies are made again at each `s`: the
// form is what they copy.
import { useShallow } from 'zustand/react/shallow';
import type { Binding } from '../../keys/key-router.js';
import { listKey, parseKey, type RecordKey } from '../../store/index.js';
import { openFresh } from '../../app/open-fresh.js';
import { VIEW } from '../../app/routes.js';
import { useStores, useUiStore } from '../../app/stores.js';
import { formView } from '../../app/ui-store.js';
import { safe } from '../../ui/text.js';
import { markedConfigurations } from '../browser/marked.js';

export interface AddToMany {
  /** The form's first line. */
  readonly hint: string;
  /** `o`: this configuration only, or all the marked again. */
  readonly binding: Binding;
  /** `s`, while made in all the marked: one review of a POST in each. */
  readonly openReview?: (pending: readonly RecordKey[]) => void;
  /** `U`: the copies made by an earlier `s` go with the form's draft. */
  readonly onRevertAll: () => void;
}

/** What the form of new rule `key` in `conf` does for the configurations marked in the browser; undefined when it is one configuration's. */
export function useAddToMany(key: RecordKey, conf: number | undefined): AddToMany | undefined {
  const { data, ui } = useStores();
  const view = VIEW.form(key);
  const marked = useUiStore(useShallow((s) => markedConfigurations(data.getState(), s)));
  const onlyHere = useUiStore((s) => formView(s, view).onlyHere === true);
  const isNewRule = parseKey(key).isNew && parseKey(key).kind === 'rule';
  if (!isNewRule || conf === undefined || !marked.includes(conf) || marked.length < 2) return undefined;
  const others = marked.filter((c) => c !== conf);
  const dropCopies = () => {
    data.getState().dropCopies(formView(ui.getState(), view).copies ?? []);
    ui.getState().setForm(view, (v) => ({ ...v, copies: [] }));
  };
  const binding: Binding = {
    command: 'onlyHere',
    label: onlyHere ? `all ${marked.length} marked` : undefined,
    run: () => {
      // This one only: copies made by an earlier `s` go with the others.
      if (!onlyHere) dropCopies();
      ui.getState().setForm(view, (v) => ({ ...v, onlyHere: !onlyHere }));
    },
  };
  if (onlyHere)
    return {
      hint: `New rule in this configuration only (o: in all ${marked.length} marked); fill in the fields marked *, s reviews the POST.`,
      binding,
      onRevertAll: dropCopies,
    };
  const openReview = () => {
    // The copies of an earlier `s` go: they are made again from the form as it is now, into the
    // origins and cache settings of each configuration as they are now.
    dropCopies();
    const lists = [conf, ...others].flatMap((c) => [listKey('origin', c), listKey('cache_setting', c)]);
    openFresh({ data, ui }, lists, `the origins and cache settings of the ${marked.length} configurations`, () => {
      const made = data.getState().addToMany(key, others);
      if ('problem' in made) return void ui.getState().say('error', `not made in the marked configurations: ${safe(made.problem)}`);
      ui.getState().setForm(view, (v) => ({ ...v, copies: made.keys }));
      const path = data.getState().drafts[key]?.values.path;
      ui.getState().review([key, ...made.keys], `new rule ${safe(String(path))} in ${marked.length} configurations`, made.notes);
    });
  };
  return {
    hint: `New rule in ${marked.length} marked configurations (o: this one only); s reviews one POST for each.`,
    binding,
    openReview,
    onRevertAll: dropCopies,
  };
}
