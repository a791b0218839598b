// Colour and symbols: NO_COLOR or a terminal without colour gets none (meaning is never carried by
// colour alone); a non-UTF-8 locale gets ASCII borders and symbols.
import { createContext, useContext } from 'react';

export interface Theme {
  readonly color: boolean;
  readonly unicode: boolean;
  readonly border: 'round' | 'classic';
  readonly sym: {
    readonly sep: string;
    readonly arrow: string;
    readonly mark: string;
    readonly up: string;
    readonly down: string;
    readonly ok: string;
    readonly dot: string;
  };
  /** A colour name when colour is on, else undefined (Ink then draws the default). */
  c(name: 'red' | 'green' | 'yellow' | 'cyan' | 'gray' | 'blue' | 'magenta'): string | undefined;
}

export function detectTheme(env: NodeJS.ProcessEnv = process.env, colorDepth = 8): Theme {
  const color = !(env.NO_COLOR !== undefined && env.NO_COLOR !== '') && colorDepth > 1 && env.TERM !== 'dumb';
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  const unicode = /utf-?8/i.test(locale);
  return {
    color,
    unicode,
    border: unicode ? 'round' : 'classic',
    sym: unicode
      ? { sep: ' › ', arrow: '→', mark: '●', up: '▲', down: '▼', ok: '✓', dot: '·' }
      : { sep: ' > ', arrow: '->', mark: '*', up: '^', down: 'v', ok: 'ok', dot: '.' },
    c: (name) => (color ? name : undefined),
  };
}

export const ThemeContext = createContext<Theme>(detectTheme({ LANG: 'C.UTF-8' }));

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
