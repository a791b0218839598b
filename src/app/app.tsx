// The app shell: header, the current screen, footer; sized to the terminal and redrawn on resize.
import { Box, useApp, useWindowSize } from 'ink';
import { useStore } from 'zustand';
import { Footer } from '../components/footer.js';
import { Header } from '../components/header.js';
import { KeyDispatcher, PRIORITY, useKeys } from '../keys/dispatcher.js';
import type { AppStore } from '../store/index.js';
import { BrowserScreen } from '../screens/browser/browser-screen.js';
import { ConfigurationScreen } from '../screens/configuration/configuration-screen.js';
import { HelpOverlay } from '../screens/help/help-overlay.js';
import { NewConfigurationScreen } from '../screens/new-configuration/new-configuration-screen.js';
import { PaletteOverlay } from '../screens/palette/palette-overlay.js';
import { ReviewScreen } from '../screens/review/review-screen.js';
import { RecordScreen } from '../screens/record/record-screen.js';
import { BulkScreen } from '../screens/bulk/bulk-screen.js';
import { RestoreOffer } from '../screens/review/restore-offer.js';
import { ThemeContext, type Theme } from '../ui/theme.js';
import { AppCtx, useCtx, type Ctx } from './context.js';
import type { TuiOptions } from './options.js';
import { currentRoute, type Route, type UiStore } from './ui-store.js';

function Screen({ route }: { readonly route: Route }) {
  switch (route.screen) {
    case 'browser':
      return <BrowserScreen />;
    case 'configuration':
      return <ConfigurationScreen key={route.conf} conf={route.conf} tab={route.tab} />;
    case 'new-configuration':
      return <NewConfigurationScreen recordKey={route.key} />;
    case 'review':
      return <ReviewScreen keys={route.keys} />;
    case 'record':
      return <RecordScreen key={route.key} recordKey={route.key} kind={route.kind} conf={route.conf} />;
    case 'bulk':
      return <BulkScreen keys={route.keys} kind={route.kind} conf={route.conf} />;
    default: {
      const never: never = route;
      return never;
    }
  }
}

function GlobalKeys({ onQuit }: { readonly onQuit: () => void }) {
  const { ui, store } = useCtx();
  const back = () => {
    if (ui.getState().pop()) return;
    const pending = Object.keys(store.getState().drafts).length;
    if (pending && ui.getState().message?.text.startsWith('unsaved') !== true) {
      ui.getState().say('error', `unsaved: ${pending} pending change${pending > 1 ? 's' : ''} (kept in the journal) · q again to quit, : pending to review`);
      return;
    }
    onQuit();
  };
  useKeys(PRIORITY.global, [
    { command: 'quit', run: back },
    { command: 'back', footer: false, run: () => void ui.getState().pop() },
    { command: 'palette', run: () => ui.getState().setOverlay('palette') },
    { command: 'help', run: () => ui.getState().setOverlay('help') },
    { command: 'forceQuit', footer: false, run: onQuit },
  ]);
  return null;
}

function Shell({ onQuit }: { readonly onQuit: () => void }) {
  const { ui, width } = useCtx();
  const route = useStore(ui, currentRoute);
  const overlay = useStore(ui, (s) => s.overlay);
  return (
    <Box flexDirection="column" width={width} flexGrow={1}>
      <Header route={route} />
      <Box height={1} />
      <Box flexDirection="column" flexGrow={1}>
        {overlay === 'help' ? <HelpOverlay /> : overlay === 'palette' ? <PaletteOverlay /> : overlay === 'restore' ? <RestoreOffer /> : null}
        <Box display={overlay ? 'none' : 'flex'} flexDirection="column">
          <Screen route={route} />
        </Box>
      </Box>
      <GlobalKeys onQuit={onQuit} />
      <Footer />
    </Box>
  );
}

export interface AppProps {
  readonly store: AppStore;
  readonly ui: UiStore;
  readonly options: TuiOptions;
  readonly theme: Theme;
  readonly onQuit: () => void;
  /** The terminal's size, given by the caller on every resize; absent: Ink's window size. */
  readonly size?: { readonly columns: number; readonly rows: number };
}

export function App({ store, ui, options, theme, onQuit, size }: AppProps) {
  const windowSize = useWindowSize();
  const { columns, rows } = size ?? windowSize;
  const { exit } = useApp();
  const ctx: Ctx = { store, ui, options, width: Math.max(20, columns), height: Math.max(4, rows - 5) };
  return (
    <ThemeContext.Provider value={theme}>
      <AppCtx.Provider value={ctx}>
        <KeyDispatcher>
          <Box flexDirection="column" width={ctx.width} height={Math.max(6, rows)} overflow="hidden">
            <Shell
              onQuit={() => {
                onQuit();
                exit();
              }}
            />
          </Box>
        </KeyDispatcher>
      </AppCtx.Provider>
    </ThemeContext.Provider>
  );
}
