// One key router (Ink hands every key to every useInput): layers register bindings with an
// integer priority (modal > input > screen > global); the key goes to the highest layer whose
// binding runs it and says it handled it. A layer with a text input stands down for text keys:
// the input (ink-text-input) reads those from Ink itself. Ink reads one key at a time from the
// pacer (paced-stdin.ts), which cuts what the terminal sends together into keys.
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useInput, usePaste } from 'ink';
import { charKey, isPrintable, isTextKey, isTextRun, keyName } from './names.js';
import { COMMANDS, commandsOf, type Command } from './table.js';

export const PRIORITY = { global: 0, screen: 10, input: 20, modal: 30 } as const;

export interface Binding {
  readonly command: Command;
  /** Runs the command; returns false when it did not apply here (the key goes on to lower layers). */
  readonly run: () => boolean | void;
  /** Why the command does nothing here now (read-only, nothing to act on): the key says so. */
  readonly disabled?: string | undefined;
  /** Listed in the footer (help lists every binding). @default true */
  readonly footer?: boolean;
  /** The footer's words when they differ from the key table's here and now (`edit 5 marked` for Enter with rows marked). */
  readonly label?: string | undefined;
}

export interface LayerOptions {
  /** @default true */
  readonly active?: boolean;
  /** Keys that no binding of this layer takes stop here (modals, inputs). */
  readonly exclusive?: boolean;
  /**
   * A text input has focus in this layer: text keys are its own (it reads them from Ink itself).
   * Text that reached the app in one chunk with the key that opened the input, before the input
   * could read it, is handed over here.
   */
  readonly takeText?: (text: string) => void;
  /**
   * A paste (the terminal marks it: bracketed paste) while this layer's input has focus. Returns
   * why it was not taken, for the status line, or undefined.
   */
  readonly takePaste?: (text: string) => string | undefined;
  /** Keys that no binding of this layer takes (a question that any other key cancels); returns whether it handled the key. */
  readonly otherwise?: (name: string) => boolean;
}

interface Layer extends LayerOptions {
  readonly priority: number;
  readonly bindings: readonly Binding[];
  readonly order: number;
}

class Registry {
  private readonly layers = new Map<string, Layer>();
  private readonly listeners = new Set<() => void>();
  /** The layers as keys reach them now (the newest closures), highest first. */
  private snapshot: readonly Layer[] = [];
  /** What the footer and help show: replaced only when what they show changes. */
  private shown: readonly Layer[] = [];
  private signature = '';
  private registered = 0;

  /** Told why a key did nothing (given by the key router component on every render). */
  private onRefused: (reason: string) => void = () => undefined;

  tellRefused(to: (reason: string) => void): void {
    this.onRefused = to;
  }

  /** Keeps the newest closures for dispatch; tells the footer only when what it shows changed. */
  set(id: string, layer: Omit<Layer, 'order'> | undefined): void {
    if (layer) this.layers.set(id, { ...layer, order: this.layers.get(id)?.order ?? this.registered++ });
    else this.layers.delete(id);
    // Highest priority first; on a tie, the layer registered later (the deeper component) first.
    this.snapshot = [...this.layers.values()].sort((a, b) => b.priority - a.priority || b.order - a.order);
    const signature = this.snapshot
      .map(
        (l) =>
          `${l.priority}${l.exclusive ? '!' : ''}${l.takeText ? 'T' : ''}:${l.bindings.map((b) => `${b.command}${b.footer === false ? '-' : ''}${b.disabled ? '~' : ''}${b.label ? `=${b.label}` : ''}`).join(',')}`,
      )
      .join('|');
    if (signature === this.signature) return;
    this.signature = signature;
    this.shown = this.snapshot;
    for (const l of this.listeners) l();
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };

  current = (): readonly Layer[] => this.shown;

  /** The layer with the text input that keys reach first, if one has focus. */
  private typingLayer(): Layer | undefined {
    for (const layer of this.snapshot) {
      if (layer.takeText) return layer;
      if (layer.exclusive) return undefined;
    }
    return undefined;
  }

  typing = (): boolean => this.typingLayer() !== undefined;

  /** Hands text to the focused input that could not read it itself (it came before the input was there). */
  dispatchText(text: string): void {
    this.typingLayer()?.takeText?.(text);
  }

  /** A paste goes to the focused text input; without one, it is not keys (pasting "yes" in the review must not send). */
  dispatchPaste(text: string): void {
    const layer = this.typingLayer();
    const refused = layer ? layer.takePaste?.(text) : 'pasted text goes into a text input only (Enter on a field, / to filter)';
    if (refused) this.onRefused(refused);
  }

  /**
   * Runs a key through the layers; returns whether something handled it. `arrivedTyping`: whether
   * an input had focus when the key reached the app (else the input never saw it).
   */
  dispatch(name: string, arrivedTyping = true): boolean {
    const commands = commandsOf(name);
    // Ctrl-c quits and Ctrl-z suspends from anywhere, text inputs and modals included.
    const anywhere = commands.find((c) => c === 'forceQuit' || c === 'suspend');
    const always = anywhere === undefined ? undefined : this.snapshot.flatMap((l) => l.bindings).find((b) => b.command === anywhere);
    if (always) return always.run() !== false;
    // While a text input has focus, a text key is text, whatever a layer above binds it to (the
    // palette's list moves on ↑/↓, not on j/k): the input reads it from Ink itself, unless the key
    // came before the input could read it.
    if (this.typing() && isTextKey(name)) {
      if (!arrivedTyping && isPrintable(name)) this.dispatchText(name === 'space' ? ' ' : name);
      return true;
    }
    for (const layer of this.snapshot) {
      const hit = layer.bindings.find((b) => commands.includes(b.command));
      if (hit?.disabled) {
        this.onRefused(hit.disabled);
        return true;
      }
      if (hit && hit.run() !== false) return true;
      if (!hit && layer.otherwise?.(name)) return true;
      if (layer.exclusive) return false;
    }
    return false;
  }
}

/** A key (with whether an input had focus when it reached the app) or a paste, waiting its turn. */
type Queued = { readonly name: string; readonly arrivedTyping: boolean } | { readonly paste: string };

const RegistryContext = createContext<Registry | undefined>(undefined);

export interface KeyRouterProps {
  readonly children: ReactNode;
  /** Told why a key did nothing: its command is disabled here, or text was pasted outside a text input. */
  readonly onRefused?: (reason: string) => void;
  /** @default true */
  readonly isActive?: boolean;
}

export function KeyRouter({ children, onRefused = () => undefined, isActive = true }: KeyRouterProps) {
  const [registry] = useState(() => new Registry());
  useLayoutEffect(() => {
    registry.tellRefused(onRefused);
  });
  // The terminal marks pastes (bracketed paste, on while the app runs): a paste is text for the
  // focused input, never keys, and waits its turn behind the keys read before it.
  // Keys that arrive in one chunk (typed faster than read: "jj") are handled one per turn of the
  // event loop, so the render of one key (and the bindings it registers) happens before the next.
  const queue = useRef<Queued[]>([]);
  const draining = useRef(false);
  const drain = () => {
    const next = queue.current.shift();
    if (next === undefined) {
      draining.current = false;
      return;
    }
    // Text that came with the key that opened an input goes into it in one piece.
    let text = '';
    for (
      let k: Queued | undefined = next;
      k && 'name' in k && !k.arrivedTyping && isPrintable(k.name) && registry.typing();
      k = queue.current[0]
    ) {
      text += k.name === 'space' ? ' ' : k.name;
      if (k !== next) queue.current.shift();
    }
    if (text) registry.dispatchText(text);
    else if ('paste' in next) registry.dispatchPaste(next.paste);
    else registry.dispatch(next.name, next.arrivedTyping);
    setImmediate(drain);
  };
  const enqueue = (items: readonly Queued[]) => {
    queue.current.push(...items);
    if (!draining.current) {
      draining.current = true;
      drain();
    }
  };
  usePaste((paste) => enqueue([{ paste }]), { isActive });
  useInput(
    (input, key) => {
      const arrivedTyping = registry.typing();
      // A run of text (more than a few keys typed ahead, or a paste an input took as typed text):
      // a focused input reads it itself; elsewhere each character is a key of its own.
      if (isTextRun(input) && arrivedTyping) return;
      const names = isTextRun(input) ? [...input].map(charKey) : [keyName(input, key)];
      enqueue(names.map((name) => ({ name, arrivedTyping })));
    },
    { isActive },
  );
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** Registers this component's key bindings while it is mounted and `active`. */
export function useKeys(priority: number, bindings: readonly Binding[], options: LayerOptions = {}): void {
  const registry = useContext(RegistryContext);
  const id = useId();
  const { active = true, exclusive, takeText, takePaste, otherwise } = options;
  // A layout effect: the next key must see this render's closures.
  useLayoutEffect(() => {
    registry?.set(id, active ? { priority, bindings, exclusive, takeText, takePaste, otherwise } : undefined);
  });
  useEffect(() => () => registry?.set(id, undefined), [registry, id]);
}

/**
 * The bindings that keys reach now, highest layer first, down to the first exclusive one; a
 * binding whose keys all go to a higher one is left out. `below`: only layers under that priority
 * (help describes the view under it).
 */
export function useActiveBindings(below = Infinity): readonly Binding[] {
  const registry = useContext(RegistryContext);
  const layers = useSyncExternalStore(registry?.subscribe ?? noSubscribe, registry?.current ?? noLayers);
  const out: Binding[] = [];
  const taken = new Set<string>();
  for (const layer of layers) {
    if (layer.priority >= below) continue;
    for (const b of layer.bindings) {
      const keys = COMMANDS[b.command].keys;
      if (keys.every((k) => taken.has(k))) continue;
      out.push(b);
      for (const k of keys) taken.add(k);
    }
    if (layer.exclusive) break;
  }
  return out;
}

const noSubscribe = () => () => undefined;
// Outside a KeyRouter: no layers, the same array at every call (useSyncExternalStore compares
// snapshots by identity: a new one each time is a change at each render, which React refuses).
const NO_LAYERS: readonly Layer[] = Object.freeze([]);
const noLayers = (): readonly Layer[] => NO_LAYERS;
