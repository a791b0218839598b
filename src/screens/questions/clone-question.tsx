// `C` on a configuration: the clone's name, offered as "<name> (copy)". Enter drafts the clone (the
// configuration is loaded whole meanwhile) and opens one review of every request; a name that
// cannot be used is said under the input, the typed name kept; Esc cancels.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { PromptedInput } from '../../components/prompted-input.js';
import { reviewDrafted } from '../../app/drafted.js';
import { useStores } from '../../app/stores.js';
import { fit, safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';

export interface CloneQuestionProps {
  readonly conf: number;
  /** The configuration's name. */
  readonly from: string;
  /** The name offered. */
  readonly name: string;
  readonly width: number;
}

const PROMPT = 'Name of the clone: ';

export function CloneQuestion({ conf, from, name, width }: CloneQuestionProps) {
  const { data, ui } = useStores();
  const theme = useTheme();
  const ascii = !theme.unicode;
  const [typed, setTyped] = useState(name);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => void data.getState().loadWhole(conf), [data, conf]); // loaded while the name is typed
  const inner = Math.max(10, width - 4);
  const done = () => ui.getState().ask(undefined);
  const submit = async (value: string) => {
    if (busy) return;
    setBusy(true);
    const loaded = await data.getState().loadWhole(conf);
    setBusy(false);
    if (!loaded) {
      setProblem(`configuration ${conf} could not be read whole: r in its tabs says why`);
      return;
    }
    const made = data.getState().cloneConfiguration(conf, value);
    if ('problem' in made) {
      setProblem(made.problem);
      return;
    }
    done();
    reviewDrafted(ui, made, `clone of ${safe(from)} as ${safe(value.trim())}`, 'not cloned');
  };
  const note = busy ? 'reading the configuration…' : problem ? `not cloned: ${problem}` : 'Enter: review every request · Esc: cancel';
  return (
    <Box flexDirection="column" borderStyle={theme.border} borderColor={theme.c('cyan')} paddingX={1} width={width}>
      <Text bold wrap="truncate">
        {fit(`Clone ${safe(from)} (${conf}) with its cache settings, rules and error responses`, inner, ascii)}
      </Text>
      <PromptedInput
        prompt={PROMPT}
        value={typed}
        onChange={(v) => {
          setTyped(v);
          setProblem(undefined);
        }}
        onSubmit={(v) => void submit(v)}
        onCancel={() => {
          done();
          ui.getState().say('info', 'clone cancelled');
        }}
        width={inner}
      />
      <Text color={problem ? theme.c('red') : undefined} dimColor={!problem} wrap="truncate">
        {fit(safe(note), inner, ascii)}
      </Text>
    </Box>
  );
}
