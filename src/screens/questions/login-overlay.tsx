// The token was rejected (401): log in again without leaving the app. The user name, then the
// password (masked, never drawn), POST /tokens; the new token is saved to the profile as
// `cdn-tui login` saves it, the running client switches to it and the view is read again. Drafts
// stay as they are: a send that failed on the 401 is sent again from the review. Esc on the
// password goes back to the user name; on the user name, "not now" (r offers it again).
import { Box, Text } from 'ink';
import { useState } from 'react';
import { TextInput } from '../../components/text-input.js';
import { useBodySize, useStores } from '../../app/stores.js';
import { cellWidth, fit, safe } from '../../ui/text.js';
import { useTheme } from '../../ui/theme.js';

const USER = 'User name: ';
const PASSWORD = 'Password:  ';

type Step = 'user' | 'password';

export function LoginOverlay() {
  const { ui, control } = useStores();
  const { width } = useBodySize();
  const theme = useTheme();
  const ascii = !theme.unicode;
  // What one widget's keystrokes need: the step, the two fields, and the answer awaited. The
  // password lives here only, until it is sent.
  const [step, setStep] = useState<Step>('user');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const login = control?.login;
  if (!login) return null;

  const boxWidth = Math.min(width, 100);
  const inner = Math.max(10, boxWidth - 4);
  const inputWidth = Math.max(4, inner - cellWidth(USER));
  const close = () => ui.getState().setOverlay(undefined);
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    const outcome = await login.logIn(user.trim(), password);
    setBusy(false);
    setPassword('');
    if (!outcome.ok) {
      setProblem(outcome.problem);
      return;
    }
    close();
    ui.getState().say('ok', outcome.said);
  };
  const toPassword = () => {
    if (user.trim() === '') return setProblem('type the user name first');
    setProblem(undefined);
    setStep('password');
  };
  const note = busy
    ? 'logging in…'
    : problem !== undefined
      ? `not logged in: ${problem}`
      : step === 'user'
        ? 'Enter: next · Esc: not now (r offers it again)'
        : 'Enter: log in · Esc: back to the user name';
  return (
    <Box flexDirection="column" borderStyle={theme.border} borderColor={theme.c('cyan')} paddingX={1} width={boxWidth}>
      <Text bold wrap="truncate">
        {fit(safe(login.title), inner, ascii)}
      </Text>
      <Text>{safe(login.note)}</Text>
      <Box marginTop={1}>
        <Text>{USER}</Text>
        {step === 'user' ? (
          <TextInput
            value={user}
            width={inputWidth}
            onChange={(v) => {
              setUser(v);
              setProblem(undefined);
            }}
            onSubmit={toPassword}
            onCancel={close}
          />
        ) : (
          <Text>{fit(safe(user), inputWidth, ascii)}</Text>
        )}
      </Box>
      <Box>
        <Text>{PASSWORD}</Text>
        {step === 'password' ? (
          <TextInput
            value={password}
            mask="*"
            width={inputWidth}
            onChange={(v) => {
              setPassword(v);
              setProblem(undefined);
            }}
            onSubmit={() => void submit()}
            onCancel={() => {
              setPassword('');
              setProblem(undefined);
              setStep('user');
            }}
          />
        ) : null}
      </Box>
      <Text color={problem !== undefined ? theme.c('red') : undefined} dimColor={problem === undefined} wrap="truncate">
        {fit(safe(note), inner, ascii)}
      </Text>
    </Box>
  );
}
