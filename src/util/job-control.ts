// Job control for a program that reads raw keys (docs/ux.md, Ctrl-Z): the terminal never turns
// Ctrl-Z into SIGTSTP in raw mode, so the app stops itself, as vim and less do. A stopped process
// is continued by the shell's `fg` (SIGCONT). SIGSTOP, not SIGTSTP: a process that sends itself
// SIGTSTP in an orphaned process group (the session's leader gone) is not stopped; SIGSTOP always is.

/** Stops this process until it is continued (`fg`); resolves then. */
export function stopUntilContinued(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGCONT', () => resolve());
    process.kill(process.pid, 'SIGSTOP');
  });
}
