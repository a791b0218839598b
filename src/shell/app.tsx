// The app shell: header, the current screen (or what is drawn over it), footer; sized to the
// terminal. The one key router sits at the root; global keys (back, quit, palette, help) here.
import { Box, useApp, useWindowSize, type DOMElement } from 'ink';
import { useRef } from 'react';
import { useFramesPerBurst } from '../keys/burst-frames.js';
import { KeyRouter } from '../keys/key-router.js';
import { Inert } from '../keys/inert.js';
import type { AppStore } from '../store/index.js';
import { BrowserScreen } from '../screens/browser/browser-screen.js';
import { ConfigurationScreen } from '../screens/configuration/configuration-screen.js';
import { BulkScreen } from '../screens/form/bulk-screen.js';
import { FormScreen } from '../screens/form/form-screen.js';
import { HelpOverlay } from '../screens/help/help-overlay.js';
import { HistoryScreen } from '../screens/history/history-screen.js';
import { PaletteOverlay } from '../screens/palette/palette-overlay.js';
import { PurgeScreen } from '../screens/purge/purge-screen.js';
import { LoginOverlay } from '../screens/questions/login-overlay.js';
import { QuestionOverlay, questionRows } from '../screens/questions/question-overlay.js';
import { RestoreOffer } from '../screens/review/restore-offer.js';
import { ReviewScreen } from '../screens/review/review-screen.js';
import { ThemeContext, type Theme } from '../ui/theme.js';
import { FooterBar, GlobalKeys, HeaderBar } from './chrome.js';
import { JournalNotice } from './journal-notice.js';
import type { ConnectionControl } from '../app/connection-control.js';
import { ReconnectKeys } from './reconnect-keys.js';
import type { TuiOptions } from '../app/options.js';
import type { QuitHow } from './leave-keys.js';
import type { Profiles } from '../app/profiles.js';
import { VIEW, type Route } from '../app/routes.js';
import { CompareScreen } from '../screens/compare/compare-screen.js';
import { ResultsScreen } from '../screens/results/results-screen.js';
import { BodySizeProvider, StoresProvider, useBodySize, useUiStore } from '../app/stores.js';
import { currentRoute, type UiStore } from '../app/ui-store.js';
import { MIN_SIZE, TooSmall, tooSmall } from './too-small.js';

function Screen({ route }: { readonly route: Route }) {
  switch (route.screen) {
    case 'browser':
      return <BrowserScreen />;
    case 'configuration':
      return <ConfigurationScreen key={route.conf} conf={route.conf} />;
    case 'form':
      return (
        <FormScreen key={route.key} recordKey={route.key} kind={route.kind} {...(route.conf !== undefined ? { conf: route.conf } : {})} />
      );
    case 'bulk':
      return <BulkScreen route={route} />;
    case 'review':
      return <ReviewScreen key={route.id} keys={route.keys} id={route.id} {...(route.notes ? { notes: route.notes } : {})} />;
    case 'history':
      return <HistoryScreen />;
    case 'purge':
      return <PurgeScreen key={route.id} id={route.id} />;
    case 'compare':
      return <CompareScreen key={VIEW.compare(route.left, route.right)} left={route.left} right={route.right} />;
    case 'results':
      return <ResultsScreen key={route.query} query={route.query} />;
    default: {
      const never: never = route;
      return never;
    }
  }
}

function Shell({ onQuit, width }: { readonly onQuit: (how: QuitHow) => void; readonly width: number }) {
  const route = useUiStore(currentRoute);
  const overlay = useUiStore((s) => s.overlay);
  const question = useUiStore((s) => s.question);
  const body = useBodySize();
  const covered = overlay !== undefined;
  // A question takes the bottom rows of the body; the screen above it lays itself out in the rest.
  const reserve = question && !covered ? questionRows(question) : 0;
  return (
    <Box flexDirection="column" width={width} flexGrow={1}>
      <HeaderBar width={width} />
      <JournalNotice width={width} />
      <Box flexDirection="column" flexGrow={1}>
        {overlay === 'help' ? (
          <HelpOverlay />
        ) : overlay === 'palette' ? (
          <PaletteOverlay />
        ) : overlay === 'restore' ? (
          <RestoreOffer />
        ) : overlay === 'login' ? (
          <LoginOverlay />
        ) : null}
        {/* The screen stays mounted under an overlay (its bindings are shadowed, not lost). */}
        <Box display={covered ? 'none' : 'flex'} flexDirection="column">
          <BodySizeProvider size={{ width: body.width, height: Math.max(2, body.height - reserve) }}>
            <Screen route={route} />
          </BodySizeProvider>
        </Box>
        {reserve ? <QuestionOverlay /> : null}
      </Box>
      <GlobalKeys onQuit={onQuit} />
      <ReconnectKeys />
      <FooterBar width={width} />
    </Box>
  );
}

export interface AppProps {
  readonly store: AppStore;
  readonly ui: UiStore;
  readonly options: TuiOptions;
  readonly theme: Theme;
  /** The app is left: `q` at the top, or Ctrl-C. */
  readonly onQuit: (how: QuitHow) => void;
  /** The terminal's size, given by the caller on every resize; absent: Ink's window size. */
  readonly size?: { readonly columns: number; readonly rows: number };
  /** Trying again now and logging in again (the session's); absent: `r` reloads only where a screen does. */
  readonly control?: ConnectionControl;
  /** The profiles to switch to and compare with (absent: tests that draw one store). */
  readonly profiles?: Profiles;
}

/** Rows the header (with its gap) and the footer take. */
const CHROME_ROWS = 4;

export function App({ store, ui, options, theme, onQuit, size, control, profiles }: AppProps) {
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const { exit } = useApp();
  // Too small, the screen is laid out at the smallest size, hidden, and hears no key (too-small.tsx).
  const small = tooSmall(columns, rows);
  const width = Math.max(MIN_SIZE.columns, columns);
  const height = Math.max(MIN_SIZE.rows, rows);
  const stores = { data: store, ui, options, ...(control ? { control } : {}), ...(profiles ? { profiles } : {}) };
  // Keys read together: one frame for the burst, not one per key.
  const root = useRef<DOMElement>(null);
  useFramesPerBurst(root);
  return (
    <ThemeContext.Provider value={theme}>
      <StoresProvider stores={stores} size={{ width, height: Math.max(2, height - CHROME_ROWS) }}>
        <KeyRouter onRefused={(reason) => ui.getState().say('error', reason)}>
          {small ? <TooSmall columns={columns} rows={rows} /> : null}
          <Inert.Provider value={small}>
            <Box ref={root} display={small ? 'none' : 'flex'} flexDirection="column" width={width} height={height} overflow="hidden">
              <Shell
                width={width}
                onQuit={(how) => {
                  onQuit(how);
                  exit();
                }}
              />
            </Box>
          </Inert.Provider>
        </KeyRouter>
      </StoresProvider>
    </ThemeContext.Provider>
  );
}
