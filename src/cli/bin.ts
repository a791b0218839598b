// The bundle's entry, loaded by the launcher (src/cli/launcher.cjs, the package's bin) once it has
// checked the Node version. Anything thrown, now or late (after the command returned, or from a
// stray callback), is one sentence, never a stack trace: nothing goes back to the launcher.
const { reportError } = await import('./errors.js');
const fatal = (e: unknown): void => {
  process.exit(reportError(e));
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
// A reader that stopped early (`cdn-tui diff … | head`) closed the pipe: what was left to print is
// not wanted, which is not an error of ours. The exit code stays what the command said.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit();
    else fatal(e);
  });
}
try {
  const { main } = await import('./main.js');
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  fatal(e);
}
// A handle left open (a keep-alive socket, a timer) must not keep a finished command alive.
setTimeout(() => process.exit(), 300).unref();
