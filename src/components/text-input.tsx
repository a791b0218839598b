// A one-line text input: ink-text-input, wrapped thinly. While it has focus the key router stands
// down for text keys (ink-text-input reads them from Ink, one key per read: src/keys/paced-stdin.ts);
// Enter keeps, Esc drops and Ctrl-u clears through the key table; End goes to the end (Home is not
// offered: ink-text-input cannot place its cursor). A long value (a paste of 10,000 characters)
// scrolls: its end is shown. A paste is one line of text or nothing (`pastedLine`).
import { Box, useInput, useStdin } from 'ink';
import InkTextInput from 'ink-text-input';
import { useRef, useState, type RefObject } from 'react';
import { PRIORITY, useKeys } from '../keys/key-router.js';
import { isTextRun, keyName } from '../keys/names.js';
import { pacerOf } from '../keys/paced-stdin.js';
import { useInert } from '../keys/inert.js';
import { cellWidth } from '../ui/text.js';

export interface TextInputProps {
  readonly value: string;
  /** Every change, as typed or pasted (control characters are never text). */
  readonly onChange: (value: string) => void;
  /** Enter. */
  readonly onSubmit: (value: string) => void;
  /** Esc. */
  readonly onCancel: () => void;
  /** Told why a paste was not taken. @default the status line says it */
  readonly onRefused?: (reason: string) => void;
  /** Cells the input may take on screen. */
  readonly width: number;
  /** Shown instead of each character (a password); the value is what was typed. */
  readonly mask?: string;
  /** @default true */
  readonly active?: boolean;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Text as a one-line field takes it: control characters go (a key is never text, a line break never a space). */
export function oneLine(text: string): string {
  return text.replace(CONTROL, '');
}

/**
 * What a paste puts into a one-line field: its one line (a line break at its end, as copying a
 * line gives, is left out), or why nothing. A line break inside, a tab or another control
 * character refuses the whole paste: none of them is text here, and its lines must not become
 * Enter and keys (a second line would run as commands).
 */
export function pastedLine(text: string): { readonly line: string } | { readonly refused: string } {
  const line = text.replace(/(\r\n|\r|\n)$/, '');
  const lines = line.split(/\r\n|\r|\n/).length;
  if (lines > 1)
    return {
      refused: `not pasted: ${lines.toLocaleString('en')} lines (${[...line].length.toLocaleString('en')} characters); this field takes one line`,
    };
  if (line.includes('\t')) return { refused: 'not pasted: it holds a tab; this field takes one line of text' };
  if (oneLine(line) !== line)
    return { refused: 'not pasted: it holds control characters (an escape sequence?); this field takes text only' };
  return { line };
}

interface KeyWatchProps {
  readonly lastKeyRef: RefObject<string>;
  readonly active: boolean;
  readonly onEnd: () => void;
}

/**
 * Notes the name of each key before ink-text-input sees it (it is mounted first, so Ink calls it
 * first): a Ctrl key is never text, but ink-text-input would insert its letter. End (or Ctrl-e),
 * which ink-text-input ignores, puts the cursor after the last character.
 */
function KeyWatch({ lastKeyRef, active, onEnd }: KeyWatchProps) {
  useInput(
    (input, key) => {
      const name = isTextRun(input) ? '' : keyName(input, key);
      lastKeyRef.current = name;
      if (name === 'end' || name === 'ctrl-e') onEnd();
    },
    { isActive: active },
  );
  return null;
}

export function TextInput({ value, onChange, onSubmit, onCancel, onRefused, width, mask, active: wanted = true }: TextInputProps) {
  // Under a screen that hears no key (a terminal too small), the input hears none either.
  const inert = useInert();
  const active = wanted && !inert;
  const lastKeyRef = useRef('');
  const { stdin } = useStdin();
  // ink-text-input keeps its cursor to itself: mounting it afresh puts the cursor at the end (after
  // Ctrl-u cleared the text, or on End).
  // Until React has unmounted the old one, it may still hear a key: only the newest one's changes count.
  const [mount, setMount] = useState(0);
  const newestRef = useRef(0);
  const remount = () => setMount(++newestRef.current);
  const append = (text: string) => {
    onChange(oneLine(value + text));
    remount();
  };
  useKeys(
    PRIORITY.input,
    [
      { command: 'keep', run: () => onSubmit(value) },
      { command: 'drop', run: onCancel },
      {
        command: 'clearInput',
        run: () => {
          onChange('');
          remount();
        },
      },
    ],
    {
      active,
      exclusive: true,
      takeText: append,
      takePaste: (text) => {
        const pasted = pastedLine(text);
        if ('refused' in pasted) {
          onRefused?.(pasted.refused);
          return onRefused ? undefined : pasted.refused;
        }
        if (pasted.line === '') return undefined;
        // Typed at the cursor by ink-text-input, as the next read; at the end without the pacer.
        const pacer = pacerOf(stdin);
        if (pacer) pacer.typeAhead(pasted.line);
        else append(pasted.line);
        return undefined;
      },
    },
  );
  const change = (from: number) => (next: string) => {
    if (from === newestRef.current && !lastKeyRef.current.startsWith('ctrl-')) onChange(oneLine(next));
  };
  const needed = (mask === undefined ? cellWidth(value) : value.length * cellWidth(mask)) + 1; // the cursor after the last character
  return (
    <Box width={width} overflow="hidden" flexShrink={0}>
      <Box width={Math.max(width, needed)} marginLeft={-Math.max(0, needed - width)} flexShrink={0}>
        <KeyWatch lastKeyRef={lastKeyRef} active={active} onEnd={remount} />
        <InkTextInput key={mount} value={value} onChange={change(mount)} focus={active} {...(mask === undefined ? {} : { mask })} />
      </Box>
    </Box>
  );
}
