// An inline text input that takes every printable key (only Enter, Esc and the arrows act), through
// the one dispatcher at input priority.
import { Text } from 'ink';
import { useRef, useState } from 'react';
import { isPrintable } from '../keys/names.js';
import { PRIORITY, useKeys } from '../keys/dispatcher.js';

export interface TextInputProps {
  readonly initial: string;
  /** Enter: keep the text. */
  readonly onSubmit: (value: string) => void;
  /** Esc: drop it. */
  readonly onCancel: () => void;
  /** Told of every change (filter as you type). */
  readonly onChange?: (value: string) => void;
  /** @default true */
  readonly active?: boolean;
}

export function TextInput({ initial, onSubmit, onCancel, onChange, active = true }: TextInputProps) {
  const [state, setRendered] = useState({ value: initial, at: initial.length });
  // Keys can arrive faster than renders: the ref is the truth, the state only redraws.
  const ref = useRef(state);
  const setState = (next: { value: string; at: number }) => {
    ref.current = next;
    setRendered(next);
  };
  const update = (value: string, at: number) => {
    setState({ value, at });
    onChange?.(value);
  };
  // Shown in the footer only: the raw handler below takes every key.
  const shown = [
    { command: 'open', label: 'keep', run: () => undefined },
    { command: 'back', label: 'drop', run: () => undefined },
  ] as const;
  useKeys(PRIORITY.input, shown, {
    active,
    exclusive: true,
    raw: (key, input) => {
      const { value, at } = ref.current;
      if (key === 'enter') onSubmit(value);
      else if (key === 'esc') onCancel();
      else if (key === 'left') setState({ value, at: Math.max(0, at - 1) });
      else if (key === 'right') setState({ value, at: Math.min(value.length, at + 1) });
      else if (key === 'home' || key === 'ctrl-a') setState({ value, at: 0 });
      else if (key === 'end' || key === 'ctrl-e') setState({ value, at: value.length });
      else if (key === 'backspace') {
        if (at > 0) update(value.slice(0, at - 1) + value.slice(at), at - 1);
      } else if (key === 'delete') update(value.slice(0, at) + value.slice(at + 1), at);
      else if (key === 'ctrl-u') update(value.slice(at), 0);
      else if (isPrintable(key) || (input.length > 1 && !input.startsWith('\u001b'))) {
        // eslint-disable-next-line no-control-regex
        const text = (key === 'space' ? ' ' : input).replace(/[\u0000-\u001f\u007f]/g, '');
        update(value.slice(0, at) + text + value.slice(at), at + text.length);
      }
      return true;
    },
  });
  const { value, at } = state;
  return (
    <Text>
      {value.slice(0, at)}
      <Text inverse>{value[at] ?? ' '}</Text>
      {value.slice(at + 1)}
    </Text>
  );
}
