// The bundle's entry, loaded by the launcher (src/cli/launcher.cjs, the package's bin) once it has
// checked the Node version. Anything thrown, now or late (after the command returned, or from a
// stray callback), is one sentence, never a stack trace: nothing goes back to the launcher.
const { reportError } = await import('./errors.js');
const fatal = (e: unknown): void => {
  process.exit(reportError(e));
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
try {
  const { main } = await import('./main.js');
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  fatal(e);
}
// A handle left open (a keep-alive socket, a timer) must not keep a finished command alive.
setTimeout(() => process.exit(), 300).unref();
