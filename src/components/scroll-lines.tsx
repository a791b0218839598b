// A document of lines that scrolls (the review): only the lines in the window are drawn, each cut
// to the width (the caller wraps long ones, so nothing is cut without a mark); the cursor's line,
// when there is one, in inverse.
import { Box, Text } from 'ink';
import { cellWidth, fit, pad } from '../ui/text.js';
import { useTheme, type Theme } from '../ui/theme.js';

export type Tone = 'heading' | 'title' | 'remove' | 'add' | 'request' | 'error' | 'ok' | 'warn' | 'dim' | 'plain';

export interface Span {
  readonly text: string;
  readonly tone?: Tone;
}

export interface Line {
  /** Already made safe. */
  readonly text: string;
  readonly tone?: Tone;
  /** The same text in parts of their own tone (drawn instead of `text` when it fits the width). */
  readonly spans?: readonly Span[];
}

export interface ScrollLinesProps {
  readonly lines: readonly Line[];
  readonly top: number;
  readonly height: number;
  readonly width: number;
  /** The line under the cursor (drawn in inverse, padded to the width). */
  readonly cursor?: number;
}

function style(tone: Tone, theme: Theme): { color?: string; bold?: boolean; dimColor?: boolean } {
  switch (tone) {
    case 'heading':
      return { bold: true, color: theme.c('magenta') };
    case 'title':
      return { bold: true };
    case 'remove':
    case 'error':
      return { color: theme.c('red') };
    case 'add':
    case 'ok':
      return { color: theme.c('green') };
    case 'request':
      return { color: theme.c('cyan') };
    case 'warn':
      return { color: theme.c('yellow'), bold: true };
    case 'dim':
      return { dimColor: true };
    case 'plain':
      return {};
  }
}

export function ScrollLines({ lines, top, height, width, cursor }: ScrollLinesProps) {
  const theme = useTheme();
  const ascii = !theme.unicode;
  const visible = lines.slice(top, top + height);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      {visible.map((line, i) =>
        top + i === cursor ? (
          <Text key={top + i} wrap="truncate" inverse {...style(line.tone ?? 'plain', theme)}>
            {pad(line.text, width, ascii)}
          </Text>
        ) : (
          <Text key={top + i} wrap="truncate" {...style(line.tone ?? 'plain', theme)}>
            {line.spans && cellWidth(line.text) <= width
              ? line.spans.map((span, j) => (
                  <Text key={j} {...style(span.tone ?? 'plain', theme)}>
                    {span.text}
                  </Text>
                ))
              : fit(line.text, width, ascii) || ' '}
          </Text>
        ),
      )}
    </Box>
  );
}
