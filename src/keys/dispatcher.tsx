// One input dispatcher (Ink hands every key to every useInput): layers register bindings with a
// priority (modal > screen > global); the highest layer that binds a key's command handles it.
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useInput } from 'ink';
import { charKey, keyName } from './names.js';
import { commandsOf, type Command } from './table.js';

export const PRIORITY = { global: 1, screen: 2, modal: 3, input: 4 } as const;

export interface Binding {
  readonly command: Command;
  readonly run: () => void;
  /** Shown in the footer (default: true). */
  readonly footer?: boolean;
  /** Overrides the table's help text in this view. */
  readonly label?: string;
}

interface Layer {
  readonly priority: number;
  readonly bindings: readonly Binding[];
  /** Sees every key first; returns true when it consumed it (text inputs). */
  readonly raw?: (key: string, input: string) => boolean;
  /** Blocks lower layers entirely (modals). */
  readonly exclusive?: boolean;
}

class Registry {
  private readonly layers = new Map<string, Layer>();
  private listeners = new Set<() => void>();
  private snapshot: Layer[] = [];
  private signature = '';

  /** Keeps the newest closures for dispatch; tells the footer only when what it shows changed. */
  set(id: string, layer: Layer | undefined): void {
    if (layer) this.layers.set(id, layer);
    else this.layers.delete(id);
    const sorted = this.sorted();
    const signature = sorted
      .map((l) => `${l.priority}${l.exclusive ? '!' : ''}:${l.bindings.map((b) => `${b.command}/${b.label ?? ''}/${b.footer ?? ''}`).join(',')}`)
      .join('|');
    if (signature === this.signature) return;
    this.signature = signature;
    this.snapshot = sorted;
    for (const l of this.listeners) l();
  }

  private sorted(): Layer[] {
    return [...this.layers.values()].sort((a, b) => b.priority - a.priority);
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  current = (): Layer[] => this.snapshot;

  /** Runs the key through the layers; returns whether something handled it. */
  dispatch(key: string, input: string): boolean {
    const commands = commandsOf(key);
    if (commands.includes('forceQuit')) {
      // Ctrl-c quits from anywhere, text inputs and modals included
      const quit = this.sorted().flatMap((l) => l.bindings).find((b) => b.command === 'forceQuit');
      if (quit) {
        quit.run();
        return true;
      }
    }
    for (const layer of this.sorted()) {
      if (layer.raw?.(key, input)) return true;
      const hit = layer.bindings.find((b) => commands.includes(b.command));
      if (hit) {
        hit.run();
        return true;
      }
      if (layer.exclusive) return false;
    }
    return false;
  }
}

const RegistryContext = createContext<Registry | undefined>(undefined);

export function KeyDispatcher({ children, isActive = true }: { readonly children: ReactNode; readonly isActive?: boolean }) {
  const registry = useRef(new Registry()).current;
  // Keys are handled one per turn of the event loop: the render (and the layout effects that give
  // the bindings their new closures: cursor, marks) of one key happens before the next is read,
  // however many keys arrive in one chunk or one tick.
  const queue = useRef<Array<readonly [string, string]>>([]).current;
  const draining = useRef(false);
  const drain = () => {
    const next = queue.shift();
    if (!next) {
      draining.current = false;
      return;
    }
    registry.dispatch(next[0], next[1]);
    setImmediate(drain);
  };
  const enqueue = (name: string, input: string) => {
    queue.push([name, input]);
    if (!draining.current) {
      draining.current = true;
      drain();
    }
  };
  useInput(
    (input, key) => {
      // Keys typed faster than they are read arrive as one chunk: each is a key of its own.
      if ([...input].length > 1 && !input.startsWith('\u001b')) for (const c of input) enqueue(charKey(c), c);
      else enqueue(keyName(input, key), input);
    },
    { isActive },
  );
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** Registers this component's key bindings while it is mounted and `active`. */
export function useKeys(priority: number, bindings: readonly Binding[], options: { active?: boolean; raw?: Layer['raw']; exclusive?: boolean } = {}): void {
  const registry = useContext(RegistryContext);
  const id = useId();
  const { active = true, raw, exclusive } = options;
  // A layout effect: the next key must see this render's closures (its cursor, its value).
  useLayoutEffect(() => {
    registry?.set(id, active ? { priority, bindings, ...(raw ? { raw } : {}), ...(exclusive ? { exclusive } : {}) } : undefined);
  });
  useEffect(() => () => registry?.set(id, undefined), [registry, id]);
}

/** The bindings that keys reach now, highest layer first, up to the first exclusive one; `below`: only layers under that priority (help describes the view under it). */
export function useActiveBindings(below = Infinity): Binding[] {
  const registry = useContext(RegistryContext);
  const layers = useSyncExternalStore(registry?.subscribe ?? (() => () => undefined), registry?.current ?? (() => []));
  const out: Binding[] = [];
  const seen = new Set<Command>();
  for (const layer of layers) {
    if (layer.priority >= below) continue;
    for (const b of layer.bindings) {
      if (!seen.has(b.command)) out.push(b);
      seen.add(b.command);
    }
    if (layer.exclusive) break;
  }
  return out;
}
