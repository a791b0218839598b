// useActiveBindings outside a KeyRouter (a component drawn alone: a test, a screen shown before
// the key router is up) has no layers: an empty list, the same one at every call. A new array at
// each call made React warn "The result of getSnapshot should be cached" and give up the render.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useActiveBindings } from '../../src/keys/key-router.js';

function Footer() {
  const bindings = useActiveBindings();
  return <Text>keys:{bindings.length}</Text>;
}

afterEach(() => vi.restoreAllMocks());

describe('useActiveBindings outside a KeyRouter', () => {
  it('renders with no bindings, without a warning or an error', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { lastFrame, rerender, unmount } = render(<Footer />);
    expect(lastFrame()).toBe('keys:0');
    rerender(<Footer />);
    expect(lastFrame()).toBe('keys:0');
    unmount();
    expect(errors.mock.calls).toEqual([]);
    expect(warnings.mock.calls).toEqual([]);
  });
});
