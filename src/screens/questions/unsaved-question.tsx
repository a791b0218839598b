// `q` to quit while the drafts cannot be written to the journal (a full disk, a state folder that
// cannot be written): they are in memory only, so quitting would lose them. Asked first: `y` writes
// them to a file typed in (the journal's format: copied into the state folder, they are offered at
// the next start, as the prompt says) and quits; `q` quits anyway; Esc stays.
import { Box, Text, useApp } from 'ink';
import { useState } from 'react';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { PromptedInput } from '../../components/prompted-input.js';
import { PRIORITY, useKeys } from '../../keys/key-router.js';
import { useAppStore, useStores } from '../../app/stores.js';
import { fileTime } from '../../store/journal.js';
import { shownPath } from '../../store/disk-words.js';
import { fit, safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';

/** Rows the question takes: its borders and five lines. */
export const UNSAVED_ROWS = 7;

/** A typed path as a file name: `~/…` in the home folder, a relative one from where cdn-tui started. */
export function typedPath(typed: string, home: string = homedir()): string {
  const path = typed.trim();
  return resolve(path === '~' || path.startsWith('~/') ? home + path.slice(1) : path);
}

export function UnsavedQuestion({ width }: { readonly width: number }) {
  const { data, ui } = useStores();
  const theme = useTheme();
  const ascii = !theme.unicode;
  const { exit } = useApp();
  const pending = useAppStore((s) => Object.keys(s.drafts).length);
  const problem = useAppStore((s) => s.journalProblem);
  const restoreFile = useAppStore((s) => s.restoreFile);
  const [step, setStep] = useState<'choose' | 'path'>('choose');
  const [typed, setTyped] = useState(() => `~/cdn-tui-drafts-${fileTime().slice(0, 16)}.json`);
  const [refused, setRefused] = useState<string>();
  const inner = Math.max(10, width - 4);
  const changes = `${pending} pending change${pending === 1 ? '' : 's'}`;
  const them = pending === 1 ? 'it' : 'them';
  const stay = () => ui.getState().ask(undefined);
  useKeys(
    PRIORITY.modal,
    [
      { command: 'confirm', run: () => setStep('path') },
      { command: 'quit', run: exit },
      { command: 'forceQuit', run: exit },
      { command: 'back', run: stay },
    ],
    { active: step === 'choose', exclusive: true },
  );
  const write = (value: string) => {
    const file = typedPath(value);
    const failed = data.getState().writeDraftsTo(file);
    if (failed) {
      setRefused(`not written: ${failed}`);
      return;
    }
    // Said again on the terminal once the TUI is gone (the alternate screen takes the prompt with it).
    const back = restoreFile ? `; to get them back, copy it to ${restoreFile} and start cdn-tui` : '';
    process.once('exit', () => process.stdout.write(`cdn-tui: ${changes} written to ${file}${back}\n`));
    exit();
  };
  const line = (text: string) => <Text wrap="truncate">{fit(text, inner, ascii)}</Text>;
  const choose = (
    <>
      <Text bold color={theme.c('red')} wrap="truncate">
        {fit(
          `${changes} ${pending === 1 ? 'is' : 'are'} NOT saved to disk: ${safe(problem ?? 'the journal cannot be written')}`,
          inner,
          ascii,
        )}
      </Text>
      {line(`${pending === 1 ? 'It is' : 'They are'} in memory only: quitting now loses ${them}, unless written to another file first.`)}
      {line(
        `y: write ${them} to a file ${theme.sym.dot} q: quit anyway (${pending === 1 ? 'it is' : 'they are'} lost) ${theme.sym.dot} Esc: stay`,
      )}
    </>
  );
  const path = (
    <>
      <Text bold wrap="truncate">
        {fit(`Write the ${changes} to a file, in the journal's format, and quit`, inner, ascii)}
      </Text>
      <PromptedInput
        prompt="Write them to: "
        value={typed}
        onChange={(v) => {
          setTyped(v);
          setRefused(undefined);
        }}
        onSubmit={write}
        onCancel={() => {
          setRefused(undefined);
          setStep('choose');
        }}
        width={inner}
      />
      {line(`To get ${them} back later, copy that file to this path and start cdn-tui:`)}
      {line(`  ${safe(restoreFile ? shownPath(restoreFile) : 'the state folder')}`)}
      <Text color={refused ? theme.c('red') : undefined} dimColor={!refused} wrap="truncate">
        {fit(refused ? safe(refused) : `Enter: write and quit ${theme.sym.dot} Esc: back`, inner, ascii)}
      </Text>
    </>
  );
  return (
    <Box flexDirection="column" borderStyle={theme.border} borderColor={theme.c('red')} paddingX={1} width={width} height={UNSAVED_ROWS}>
      {step === 'choose' ? choose : path}
    </Box>
  );
}
