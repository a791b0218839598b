// The bundle's entry: refuse old Node in one line, then run.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  process.stderr.write(`cdn-tui needs Node.js 22 or newer; this is ${process.version}.\n`);
  process.exit(1);
}
const { main } = await import('./main.js');
process.exitCode = await main(process.argv.slice(2));
