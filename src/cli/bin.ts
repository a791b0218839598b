// The bundle's entry: refuse old Node in one line, then run. Anything thrown late (after the
// command returned, or from a stray callback) is still one sentence, never a stack trace.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`cdn-tui needs Node.js 22 or newer; this is ${process.version}.\n`);
  process.exit(1);
}
const { reportError } = await import('./errors.js');
const fatal = (e: unknown): void => {
  process.exit(reportError(e));
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
const { main } = await import('./main.js');
process.exitCode = await main(process.argv.slice(2));
// A handle left open (a keep-alive socket, a timer) must not keep a finished command alive.
setTimeout(() => process.exit(), 300).unref();
