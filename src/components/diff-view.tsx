// The changes of one draft: `field: old → new`, red/green with -/+ (meaning never by colour alone),
// and the exact request.
import { Box, Text } from 'ink';
import { formatRequest, showValue, type FieldConflict, type WriteRequest } from '../diff/index.js';
import { pad, safe } from '../ui/text.js';
import { useTheme } from '../ui/theme.js';

export interface DiffViewProps {
  readonly title: string;
  readonly changes: ReadonlyArray<{ readonly field: string; readonly before: unknown; readonly after: unknown }>;
  readonly request?: WriteRequest;
  readonly deleting?: boolean;
  readonly errors?: Readonly<Record<string, readonly string[]>>;
}

export function DiffView({ title, changes, request, deleting, errors }: DiffViewProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text bold>{safe(title)}</Text>
      {deleting ? <Text color={theme.c('red')}>- the whole record is deleted</Text> : null}
      {changes.map((c) => (
        <Text key={c.field} wrap="truncate">
          {'  '}
          {c.field}:{' '}
          {c.before === undefined ? null : (
            <>
              <Text color={theme.c('red')}>-{safe(showValue(c.before))}</Text> {theme.sym.arrow}{' '}
            </>
          )}
          <Text color={theme.c('green')}>+{safe(showValue(c.after))}</Text>
          {errors?.[c.field] ? <Text color={theme.c('red')}>{`  error: ${safe(errors[c.field]!.join(' '))}`}</Text> : null}
        </Text>
      ))}
      {request ? (
        <Text color={theme.c('cyan')} wrap="truncate">
          {'  '}
          {safe(formatRequest(request))}
        </Text>
      ) : (
        <Text dimColor>  nothing to send</Text>
      )}
    </Box>
  );
}

export function ConflictView({ fields }: { readonly fields: readonly FieldConflict[] }) {
  const theme = useTheme();
  const w = 22;
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Text color={theme.c('yellow')} bold>
        Someone else changed this record since your draft began. Nothing was sent.
      </Text>
      <Text bold>
        {'  '}
        {pad('field', 20)} {pad('base', w)} {pad('theirs', w)} {pad('mine', w)}
      </Text>
      {fields.map((f) => (
        <Text key={f.field} wrap="truncate">
          {f.clash ? '! ' : '  '}
          {pad(f.field, 20)} {pad(safe(showValue(f.base)), w)} {pad(safe(showValue(f.theirs)), w)} {pad(safe(showValue(f.mine)), w)}
        </Text>
      ))}
      <Text dimColor>  ! both changed · m: keep mine where both changed · t: take theirs · Esc: back</Text>
    </Box>
  );
}
