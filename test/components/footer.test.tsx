// The footer's status line as read: an error is marked "error:", a question (the next key answers
// it: a second q quits) is said as asked, without that mark.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Footer, type FooterProps } from '../../src/components/footer.js';
import { KeyRouter } from '../../src/keys/key-router.js';

const QUIT = 'unsaved: 2 pending changes (kept in the journal) · q again to quit, : pending to review';

/** The status line (the footer's last line) as drawn. */
async function statusLine(message: NonNullable<FooterProps['message']>): Promise<string> {
  const { lastFrame, unmount } = render(
    <KeyRouter onRefused={() => undefined}>
      <Footer pending={0} message={message} width={120} />
    </KeyRouter>,
  );
  await new Promise((r) => setImmediate(r));
  const line = (lastFrame() ?? '').split('\n').at(-1) ?? '';
  unmount();
  return line;
}

describe('the footer status line', () => {
  it('a question is said as asked, not labelled error:; an error still is', async () => {
    expect(await statusLine({ kind: 'question', text: QUIT })).toBe(QUIT);
    expect(await statusLine({ kind: 'error', text: QUIT })).toBe(`error: ${QUIT}`);
    expect(await statusLine({ kind: 'error', text: 'cannot reach 127.0.0.1:1' })).toBe('error: cannot reach 127.0.0.1:1');
  });
});
