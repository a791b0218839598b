#!/usr/bin/env node
// The bin's first module (copied to dist/cdn-tui.cjs by scripts/build.mjs). It is ES5 CommonJS on
// purpose, so that any Node, however old, can parse it: an old Node gets one line saying which
// Node cdn-tui needs and how to get it, not a syntax error from the bundle (ESM with top-level
// await). A Node new enough goes on to the bundle, dist/cdn-tui.js. eslint holds this file to ES5.
'use strict';

var path = require('path');

/** The lowest major version of Node an `engines.node` range of the form ">=22" accepts. */
function minimumMajor(range) {
  var match = /^\s*>=\s*v?(\d+)(\.\d+){0,2}\s*$/.exec(String(range));
  if (!match) throw new Error('engines.node must read ">=N" (it reads ' + JSON.stringify(range) + ')');
  return Number(match[1]);
}

/** An argument as a POSIX shell reads it back: as it is when it is plain, else in single quotes. */
function shellWord(arg) {
  var text = String(arg);
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : "'" + text.replace(/'/g, "'\\''") + "'";
}

/**
 * The line that tells a Node too old what to do, or null when `version` ("v20.11.0") will do.
 * `checkoutArgs`, the arguments given, when this runs from a checkout of the repo rather than an
 * installed package: there `npx -p cdn-tui` would run the published package, not the clone, while
 * the repo's npm scripts run on the Node its devDependencies pin, whatever Node runs npm.
 */
function tooOld(version, minimum, checkoutArgs) {
  var major = Number(String(version).replace(/^v/, '').split('.')[0]);
  if (major >= minimum) return null;
  var needs = 'cdn-tui needs Node.js ' + minimum + ' or newer; this is ' + version + '. ';
  if (!checkoutArgs) return needs + 'Run it with a newer Node: npx -p node@' + minimum + ' -p cdn-tui cdn-tui';
  var run = checkoutArgs.length === 0 ? 'npm start' : 'npm run cdn-tui -- ' + checkoutArgs.map(shellWord).join(' ');
  return needs + 'In this checkout, run it on the Node the repo pins: ' + run;
}

/**
 * Whether the package at `root` is a checkout of the repo (a clone, a source archive, npm link)
 * rather than an installed package: it holds this file's source, src/cli/launcher.cjs, which the
 * published package leaves out (package.json `files`: dist/ only).
 */
function isCheckout(root) {
  return require('fs').existsSync(path.join(root, 'src', 'cli', 'launcher.cjs'));
}

/** As the bundle reports what it did not expect (src/cli/errors.ts): one sentence, a stack only on demand. */
function reportUnexpected(error) {
  var message = String((error && error.message) || error)
    .split('\n')[0]
    .replace(/[.!?\s]+$/, '');
  var debug = process.env.CDN_TUI_DEBUG === '1';
  process.stderr.write('cdn-tui: unexpected error: ' + message + (debug ? '' : ' (set CDN_TUI_DEBUG=1 for details)') + '.\n');
  if (debug && error && error.stack) process.stderr.write(error.stack + '\n');
  process.exit(1);
}

function launch() {
  // The one place the minimum is written is package.json's engines field (it sits next to dist/).
  var root = path.join(__dirname, '..');
  var engines = require(path.join(root, 'package.json')).engines;
  var line = tooOld(process.version, minimumMajor(engines && engines.node), isCheckout(root) ? process.argv.slice(2) : null);
  if (line) {
    process.stderr.write(line + '\n');
    process.exit(1);
  }
  var bundle = require('url').pathToFileURL(path.join(__dirname, 'cdn-tui.js')).href;
  // `import(…)` written out would be a syntax error for the oldest parsers: it is compiled only here,
  // on a Node that has it. The bundle reports its own failures; this catches only a failure to load it.
  new Function('specifier', 'return import(specifier)')(bundle).catch(reportUnexpected);
}

if (require.main === module) {
  try {
    launch();
  } catch (e) {
    reportUnexpected(e);
  }
} else {
  module.exports = { minimumMajor: minimumMajor, tooOld: tooOld, isCheckout: isCheckout };
}
