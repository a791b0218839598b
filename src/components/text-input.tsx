// A one-line text input: ink-text-input, wrapped thinly. While it has focus the dispatcher stands
// down for text keys (ink-text-input reads them from Ink); Enter keeps, Esc drops and Ctrl-u clears
// through the key table; End goes to the end (Home is not offered: ink-text-input cannot place its
// cursor). A long value (a paste of 10,000 characters) scrolls: its end is shown.
import { Box, useInput } from 'ink';
import InkTextInput from 'ink-text-input';
import { useRef, useState, type RefObject } from 'react';
import { PRIORITY, useKeys } from '../keys/dispatcher.js';
import { keyName } from '../keys/names.js';
import { cellWidth } from '../ui/text.js';

export interface TextInputProps {
  readonly value: string;
  /** Every change, as typed or pasted (line breaks become spaces, other control characters go). */
  readonly onChange: (value: string) => void;
  /** Enter. */
  readonly onSubmit: (value: string) => void;
  /** Esc. */
  readonly onCancel: () => void;
  /** Cells the input may take on screen. */
  readonly width: number;
  /** @default true */
  readonly active?: boolean;
}

/** Text as a one-line field takes it: line breaks and tabs become spaces, other controls go. */
export function oneLine(text: string): string {
  let out = '';
  for (const c of text.replace(/\r\n|[\r\n\t]/g, ' ')) {
    const code = c.codePointAt(0) ?? 0;
    if (code >= 0x20 && (code < 0x7f || code > 0x9f)) out += c;
  }
  return out;
}

interface KeyWatchProps {
  readonly lastKeyRef: RefObject<string>;
  readonly active: boolean;
  readonly onEnd: () => void;
  /** A Ctrl-u read in one chunk with the text typed after it: the field becomes that text. */
  readonly onClearThen: (text: string) => void;
}

/**
 * Notes the name of each key before ink-text-input sees it (it is mounted first, so Ink calls it
 * first): a Ctrl key is never text, but ink-text-input would insert its letter. End (or Ctrl-e),
 * which ink-text-input ignores, puts the cursor after the last character.
 */
function KeyWatch({ lastKeyRef, active, onEnd, onClearThen }: KeyWatchProps) {
  useInput(
    (input, key) => {
      const name = keyName(input, key);
      lastKeyRef.current = name;
      if (name === 'end' || name === 'ctrl-e') onEnd();
      const cleared = input.length > 1 ? input.lastIndexOf('\u0015') : -1;
      if (cleared >= 0) {
        lastKeyRef.current = 'ctrl-u'; // ink-text-input's change of this chunk does not count
        onClearThen(input.slice(cleared + 1));
      }
    },
    { isActive: active },
  );
  return null;
}

export function TextInput({ value, onChange, onSubmit, onCancel, width, active = true }: TextInputProps) {
  const lastKeyRef = useRef('');
  // ink-text-input keeps its cursor to itself: mounting it afresh puts the cursor at the end (after
  // Ctrl-u cleared the text, or on End).
  // Until React has unmounted the old one, it may still hear a key: only the newest one's changes count.
  const [mount, setMount] = useState(0);
  const newestRef = useRef(0);
  const remount = () => setMount(++newestRef.current);
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
      takeText: (text) => {
        onChange(oneLine(value + text));
        remount();
      },
    },
  );
  const change = (from: number) => (next: string) => {
    if (from === newestRef.current && !lastKeyRef.current.startsWith('ctrl-')) onChange(oneLine(next));
  };
  const needed = cellWidth(value) + 1; // the cursor after the last character
  return (
    <Box width={width} overflow="hidden" flexShrink={0}>
      <Box width={Math.max(width, needed)} marginLeft={-Math.max(0, needed - width)} flexShrink={0}>
        <KeyWatch
          lastKeyRef={lastKeyRef}
          active={active}
          onEnd={remount}
          onClearThen={(text) => {
            onChange(oneLine(text));
            remount();
          }}
        />
        <InkTextInput key={mount} value={value} onChange={change(mount)} focus={active} />
      </Box>
    </Box>
  );
}
